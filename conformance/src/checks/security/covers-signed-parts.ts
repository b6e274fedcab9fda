import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { runSignedSteps } from "./signature-sequence.ts";
import { signedCallsApply } from "./signed-probes.ts";

/**
 * The D9 signature covers the message id and the timestamp as well as the body: a call is first served as
 * signed, then sent again with `webhook-id` or `webhook-timestamp` changed under the same signature.
 */
export const securityCoversSignedParts: ConformanceCheck = {
  id: "security.covers-signed-parts",
  group: "security",
  level: "required",
  rationale:
    "D9 signs id.timestamp.body: the same signature with another webhook-id or webhook-timestamp is refused with 401.",
  appliesWhen: signedCallsApply,
  run: async (ctx) =>
    outcomeOf(
      await runSignedSteps(ctx, (valid) => [
        { what: "a correctly signed call", expect: "served", headers: valid },
        {
          what: "the same signature with another webhook-id",
          expect: "refused",
          headers: { ...valid, "webhook-id": `${valid["webhook-id"]}x` },
        },
        {
          what: "the same signature with another webhook-timestamp",
          expect: "refused",
          headers: { ...valid, "webhook-timestamp": String(Number(valid["webhook-timestamp"]) - 1) },
        },
      ]),
    ),
};
