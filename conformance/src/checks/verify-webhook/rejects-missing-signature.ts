import type { ConformanceCheck } from "../../context.ts";
import { receives } from "../parse-inbound/receives.ts";
import { judgeRejection, sendToVerify, signedStart } from "./send-to-verify.ts";

/** The signed sample sent without any of the headers the signing scheme adds is rejected. */
export const rejectsMissingSignature: ConformanceCheck = {
  id: "verify-webhook.rejects-missing-signature",
  group: "verify-webhook",
  level: "required",
  rationale:
    "An unsigned request cannot be verified and is rejected, not waved through (contract.md#verify-webhook, D3).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    return judgeRejection(
      await sendToVerify(ctx, start.prepared.request, {}),
      ctx,
      "a request without its signature headers",
    );
  },
};
