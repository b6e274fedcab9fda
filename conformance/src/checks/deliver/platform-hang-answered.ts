import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { deliverAgainstFailure } from "./deliver-against-failure.ts";
import { sends } from "./deliver-text.ts";

/** How much longer than the service waits the platform hangs before it answers at all. */
const HANG_PAST_TIMEOUT_MS = 2_000;

/**
 * A platform that hangs still gets the service an answer inside its `/deliver` time-out (D11, or `--timeout`):
 * `{ ok: false, retryable: true }`, a 504 `platform_timeout` or a 502 `platform_error`. Slow by nature (it waits as
 * long as the adapter's own platform time-out), so it runs in the review profile or when named in `--only` (D144, D372).
 */
export const platformHangAnswered: ConformanceCheck = {
  id: "deliver.platform-hang-answered",
  group: "deliver",
  level: "required",
  rationale:
    "The service waits 10 s for /deliver (D11): a hanging platform still gets it a retryable answer in time, never a time-out (D5, D8).",
  appliesWhen: sends,
  slow: true,
  // The adapter must answer within the /deliver time-out, so that is the longest the check waits.
  waitsMs: (timeouts) => timeouts.deliver,
  async run(ctx) {
    const hangMs = ctx.timeouts.deliver + HANG_PAST_TIMEOUT_MS;
    const armed = await deliverAgainstFailure(ctx, {
      status: 504,
      body: { error: "gateway timeout (adapterkit conformance)" },
      delayMs: hangMs,
    });
    if (!armed.ok) return armed.outcome;
    const { call, result } = armed.delivered;
    if (result.ok) {
      if (!result.value.ok && result.value.retryable) return passed();
      return failed([
        checkFailure(ctx, call, {
          message: result.value.ok
            ? "the platform never answered but the delivery reported success"
            : "a hanging platform was reported as not retryable",
          pointer: result.value.ok ? "/ok" : "/retryable",
          expected: result.value.ok ? "false" : "true",
          actual: show(result.value),
        }),
      ]);
    }
    const { error } = result;
    const code = error.kind === "http_status" ? error.body?.code : undefined;
    if (code === "platform_timeout" || code === "platform_error") return passed(`answered ${code}`);
    return failed([
      callFailure(ctx, call, result, `with the platform hanging ${hangMs} ms, /deliver must still answer in time`),
    ]);
  },
};
