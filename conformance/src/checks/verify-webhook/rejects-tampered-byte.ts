import type { ConformanceCheck } from "../../context.ts";
import { receives } from "../parse-inbound/receives.ts";
import { judgeRejection, sendToVerify, signedStart } from "./send-to-verify.ts";
import { tamperOneByte } from "./tamper-one-byte.ts";

/** A signed body with one byte changed after signing is rejected. */
export const rejectsTamperedByte: ConformanceCheck = {
  id: "verify-webhook.rejects-tampered-byte",
  group: "verify-webhook",
  level: "required",
  rationale: "The signature covers the exact bytes, so changing one byte must fail verification (D2, D3).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const tampered = tamperOneByte(start.prepared.request, start.prepared.nonce);
    return judgeRejection(
      await sendToVerify(ctx, tampered, start.prepared.signature),
      ctx,
      "a body with one byte changed",
    );
  },
};
