import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { deliverAgainstFailure } from "./deliver-against-failure.ts";
import { sends } from "./deliver-text.ts";

/** The platform's rate limit on the delivery this check makes fail. */
const RATE_LIMITED = { status: 429, body: { error: "rate_limited (adapterkit conformance)" } };

/**
 * A platform 429 is "not now", not "never": `/deliver` answers `{ ok: false, retryable: true }`, a 429
 * `rate_limited` or a 502 `platform_error`, so the service retries later.
 */
export const platform429Retryable: ConformanceCheck = {
  id: "deliver.platform-429-retryable",
  group: "deliver",
  level: "required",
  rationale:
    "A platform 429 is a rate limit that passes: { ok: false, retryable: true }, 429 rate_limited or 502 platform_error (D5, D8).",
  appliesWhen: sends,
  async run(ctx) {
    const armed = await deliverAgainstFailure(ctx, RATE_LIMITED);
    if (!armed.ok) return armed.outcome;
    const { call, result } = armed.delivered;
    if (result.ok) {
      const answer = result.value;
      if (!answer.ok && answer.retryable) return passed();
      return failed([
        checkFailure(ctx, call, {
          message: answer.ok
            ? "the platform answered 429 but the delivery reported success"
            : "a platform 429 was reported as not retryable",
          pointer: answer.ok ? "/ok" : "/retryable",
          expected: answer.ok ? "false" : "true",
          actual: show(answer),
        }),
      ]);
    }
    const { error } = result;
    const code = error.kind === "http_status" ? error.body?.code : undefined;
    if (code === "rate_limited" || code === "platform_error") return passed(`answered ${code}`);
    return failed([
      callFailure(ctx, call, result, "a platform 429 must answer { ok: false, retryable: true }, 429 or 502"),
    ]);
  },
};
