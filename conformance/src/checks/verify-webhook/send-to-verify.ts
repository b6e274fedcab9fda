import type { ClientResult } from "@adapterkit/client";
import type { VerifyWebhookResponse } from "@adapterkit/contract";
import type { CheckFailure, CheckOutcome } from "../../check.ts";
import type { ConformanceContext, RenderedRequest } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import { failed, notApplicable, passed } from "../../outcome.ts";
import { callFailure, checkFailure, fixtureFailure, type SentCall } from "../parse-inbound/call-failure.ts";
import type { PreparedInbound } from "../parse-inbound/prepare-request.ts";
import { prepareSample } from "../parse-inbound/prepare-sample.ts";
import { signedSample } from "../parse-inbound/signed-sample.ts";
import { toEnvelope } from "../parse-inbound/to-envelope.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { show } from "../shared/labels.ts";

/** A `/verify-webhook` call and its answer. */
export interface VerifyCall {
  readonly call: SentCall;
  readonly result: ClientResult<VerifyWebhookResponse>;
}

/** Sends a (possibly tampered) request with the given signature headers to `/verify-webhook`. */
export async function sendToVerify(
  ctx: ConformanceContext,
  request: RenderedRequest,
  signature: Readonly<Record<string, string>>,
): Promise<VerifyCall> {
  const body = toEnvelope(request, goodCredentials(ctx), signature);
  return { call: { endpoint: "verify-webhook", body }, result: await ctx.client.verifyWebhook(body) };
}

/** The signed sample a tampering check starts from, or the outcome saying why there is none. */
export function signedStart(
  ctx: ConformanceContext,
): { ok: true; sample: InboundSample; prepared: PreparedInbound } | { ok: false; outcome: CheckOutcome } {
  if (ctx.fixtures.inbound?.signing === undefined) {
    return { ok: false, outcome: notApplicable("the fixtures declare no inbound.signing") };
  }
  const sample = signedSample(ctx);
  if (sample === undefined) {
    return {
      ok: false,
      outcome: failed([fixtureFailure(ctx, "verify-webhook", "inbound.samples holds no signed sample")]),
    };
  }
  return { ok: true, sample, prepared: prepareSample(ctx, sample) };
}

/**
 * Judges an answer to a request that must be rejected: `200 { ok: false }` (D3) or a 4xx passes; `{ ok: true }`,
 * a 5xx or a broken answer fails.
 */
export function judgeRejection({ call, result }: VerifyCall, ctx: ConformanceContext, what: string): CheckOutcome {
  if (result.ok) {
    if (!result.value.ok) return passed();
    return failed([
      checkFailure(ctx, call, {
        message: `${what} was accepted`,
        pointer: "/ok",
        expected: "false",
        actual: show(result.value),
      }),
    ]);
  }
  const error = result.error;
  if (error.kind === "http_status" && error.status >= 400 && error.status < 500)
    return passed(`rejected with HTTP ${error.status}`);
  return failed([callFailure(ctx, call, result, `${what} must be rejected with 200 { ok: false } (D3), not an error`)]);
}

/** The failures of a request that must be rejected (none when it was), for checks that send several. */
export function rejectionFailures(sent: VerifyCall, ctx: ConformanceContext, what: string): CheckFailure[] {
  return [...(judgeRejection(sent, ctx, what).failures ?? [])];
}

/** The failure of a request that must be accepted (`200 { ok: true }`), or none when it was. */
export function acceptanceFailures(
  { call, result }: VerifyCall,
  ctx: ConformanceContext,
  what: string,
): CheckFailure[] {
  if (!result.ok) return [callFailure(ctx, call, result, `${what} must verify`)];
  if (result.value.ok) return [];
  return [
    checkFailure(ctx, call, {
      message: `${what} was rejected although correctly signed`,
      pointer: "/ok",
      expected: "true",
      actual: show(result.value),
    }),
  ];
}
