import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { wrongSignatures } from "../shared/signature-values.ts";
import { runSignedSteps } from "./signature-sequence.ts";
import { signedCallsApply } from "./signed-probes.ts";

/**
 * Empty, prefix-only, non-base64 and truncated `webhook-signature` values are refused with 401 (never a 5xx), and
 * so is one with its first or last byte wrong: the whole value is compared.
 */
export const securityRejectsMalformedSignature: ConformanceCheck = {
  id: "security.rejects-malformed-signature",
  group: "security",
  level: "required",
  rationale:
    "D9: an empty, truncated or malformed webhook-signature is a 401, never a 5xx, and the whole value is compared.",
  appliesWhen: signedCallsApply,
  run: async (ctx) =>
    outcomeOf(
      await runSignedSteps(ctx, (valid) =>
        wrongSignatures(valid["webhook-signature"]).map((wrong) => ({
          what: `${wrong.what} in webhook-signature`,
          expect: "refused" as const,
          headers: { ...valid, "webhook-signature": wrong.value },
        })),
      ),
    ),
};
