import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { deliverAgainstFailure } from "./deliver-against-failure.ts";
import { sends } from "./deliver-text.ts";

/** The platform's refusal of the delivery this check makes fail. */
const PLATFORM_REFUSAL = { status: 400, body: { error: "invalid_arguments (adapterkit conformance)" } };

/**
 * When the platform refuses a delivery with a 4xx, retrying the same request cannot help: `/deliver` answers
 * `{ ok: false, retryable: false }` or a 4xx of its own, never `ok: true` nor a retryable failure.
 */
export const platform4xxNotRetryable: ConformanceCheck = {
  id: "deliver.platform-4xx-not-retryable",
  group: "deliver",
  level: "required",
  rationale:
    "A platform 4xx refuses the request itself, so a retry cannot help: { ok: false, retryable: false } or a 4xx, never ok (D5, D8).",
  appliesWhen: sends,
  async run(ctx) {
    const armed = await deliverAgainstFailure(ctx, PLATFORM_REFUSAL);
    if (!armed.ok) return armed.outcome;
    const { call, result } = armed.delivered;
    if (result.ok) {
      const answer = result.value;
      if (!answer.ok && !answer.retryable) return passed();
      return failed([
        checkFailure(ctx, call, {
          message: answer.ok
            ? "the platform answered 400 but the delivery reported success"
            : "a platform 400 was reported as retryable",
          pointer: answer.ok ? "/ok" : "/retryable",
          expected: "false",
          actual: show(answer),
        }),
      ]);
    }
    const { error } = result;
    if (error.kind === "http_status" && error.status >= 400 && error.status < 500 && error.status !== 429)
      return passed(`refused with HTTP ${error.status}`);
    return failed([
      callFailure(ctx, call, result, "a platform 4xx must answer { ok: false, retryable: false } or a 4xx"),
    ]);
  },
};
