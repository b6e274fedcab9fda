import { randomBytes } from "node:crypto";
import type { ConformanceCheck } from "../../context.ts";
import { receives } from "../parse-inbound/receives.ts";
import { judgeRejection, sendToVerify, signedStart } from "./send-to-verify.ts";

/** A request signed with another secret of the same form is rejected. */
export const rejectsWrongSecret: ConformanceCheck = {
  id: "verify-webhook.rejects-wrong-secret",
  group: "verify-webhook",
  level: "required",
  rationale: "Only the platform's secret produces a valid signature (contract.md#platform-signatures, D3).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const secret = ctx.render(ctx.fixtures.inbound?.signing?.secret ?? "");
    const signature = ctx.sign(start.prepared.request, { secret: otherSecretLike(secret) });
    return judgeRejection(
      await sendToVerify(ctx, start.prepared.request, signature),
      ctx,
      "a signature made with another secret",
    );
  },
};

/** A random secret shaped like the real one (`whsec_` + base64 for Standard Webhooks, else hex of its length). */
export function otherSecretLike(secret: string): string {
  if (secret.startsWith("whsec_")) return `whsec_${randomBytes(32).toString("base64")}`;
  const length = Math.max(secret.length, 16);
  let other = randomBytes(length).toString("hex").slice(0, length);
  while (other === secret) other = randomBytes(length).toString("hex").slice(0, length);
  return other;
}
