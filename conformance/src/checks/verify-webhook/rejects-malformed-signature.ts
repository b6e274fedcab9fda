import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { receives } from "../parse-inbound/receives.ts";
import { wrongSignatures } from "../shared/signature-values.ts";
import { rejectionFailures, sendToVerify, signedStart } from "./send-to-verify.ts";
import { signatureAnatomy } from "./signature-anatomy.ts";

/**
 * Empty, prefix-only, non-digest and truncated signature values are refused without a 5xx, and so is a value with
 * its first or last byte wrong: the comparison covers the whole value, not a prefix of it.
 */
export const rejectsMalformedSignature: ConformanceCheck = {
  id: "verify-webhook.rejects-malformed-signature",
  group: "verify-webhook",
  level: "required",
  rationale:
    "Empty, truncated and malformed signatures are refused, never a 5xx, and the whole value is compared (D3; STYLE 9).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const { prepared } = start;
    const anatomy = signatureAnatomy(ctx, prepared);
    const failures: CheckFailure[] = [];
    for (const name of anatomy.signature) {
      for (const wrong of wrongSignatures(anatomy.headers[name] ?? "")) {
        const headers = { ...anatomy.headers, [name]: wrong.value };
        const sent = await sendToVerify(ctx, prepared.request, headers);
        failures.push(...rejectionFailures(sent, ctx, `${wrong.what} in ${name}`));
      }
    }
    return outcomeOf(failures);
  },
};
