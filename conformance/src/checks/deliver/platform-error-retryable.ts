import type { CapturedDelivery, CheckOutcome } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { failed, notApplicable, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { carries, type DeliverCall, deliverText, expectDelivered, sends } from "./deliver-text.ts";

/** The platform's answer to the delivery this check makes fail. */
const PLATFORM_FAILURE = { status: 503, body: { error: "service unavailable (adapterkit conformance)" } };

/**
 * When the platform answers a 5xx, `/deliver` says so in a way the service can retry: `{ ok: false, retryable:
 * true }` or a 502 `platform_error`. A first delivery finds the platform route the adapter posts to; the next
 * request on that route that carries the second delivery's nonce is made to fail.
 */
export const platformErrorRetryable: ConformanceCheck = {
  id: "deliver.platform-error-retryable",
  group: "deliver",
  level: "required",
  rationale:
    "A platform 5xx is the platform's fault and may pass: { ok: false, retryable: true } or 502 platform_error (D5, D8).",
  appliesWhen: sends,
  async run(ctx) {
    const probeNonce = ctx.nonce();
    const probe = await expectDelivered(
      ctx,
      await deliverText(ctx, { text: `adapterkit probe ${probeNonce}` }),
      probeNonce,
    );
    if (!probe.ok) return failed([{ ...probe.failure, step: probe.failure.step ?? "probe delivery" }]);
    const { method, path, protocol } = probe.delivery;
    if (protocol !== "http" || path === undefined) {
      return notApplicable("the adapter delivers over SMTP; the stand-in platform fails HTTP routes only");
    }
    const nonce = ctx.nonce();
    // Only the request carrying this nonce fails: a concurrent check delivering on the same route is not hit.
    const matches = (request: CapturedDelivery) => carries(request, nonce);
    ctx.platform.failNext(
      { ...(method === undefined ? {} : { method }), path, matches },
      { ...PLATFORM_FAILURE, times: 1 },
    );
    const delivered = await deliverText(ctx, { text: `adapterkit platform failure ${nonce}` });
    if (!("result" in delivered)) return failed([delivered]);
    return judge(ctx, delivered);
  },
};

function judge(ctx: ConformanceContext, { call, result }: DeliverCall): CheckOutcome {
  if (result.ok) {
    const answer = result.value;
    if (!answer.ok && answer.retryable) return passed();
    const message = answer.ok
      ? "the platform answered 503 but the delivery reported success"
      : "a platform 503 was reported as not retryable";
    const pointer = answer.ok ? "/ok" : "/retryable";
    return failed([
      checkFailure(ctx, call, { message, pointer, expected: answer.ok ? "false" : "true", actual: show(answer) }),
    ]);
  }
  const { error } = result;
  if (error.kind === "http_status" && error.status === 502 && error.body?.code === "platform_error")
    return passed("HTTP 502 platform_error");
  return failed([
    callFailure(ctx, call, result, "a platform 5xx must answer { ok: false, retryable: true } or 502 platform_error"),
  ]);
}
