import { randomBytes } from "node:crypto";
import type { ConformanceCheck } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { receives } from "../parse-inbound/receives.ts";
import { flipDigestByte } from "../shared/signature-values.ts";
import { acceptanceFailures, rejectionFailures, sendToVerify, signedStart } from "./send-to-verify.ts";

/**
 * Standard Webhooks puts several space-separated `v1,<base64>` signatures in one header while a secret is rotated;
 * the request verifies when any one of them matches, and not when none does.
 */
export const severalSignatures: ConformanceCheck = {
  id: "verify-webhook.several-signatures",
  group: "verify-webhook",
  level: "required",
  rationale:
    "Standard Webhooks signs with several secrets during rotation: any one matching signature in the header verifies, none does not (D2, D3).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const scheme = ctx.fixtures.inbound?.signing?.scheme;
    if (scheme !== "standard-webhooks") return notApplicable(`the ${scheme} scheme carries one signature per header`);
    const { request, signature } = start.prepared;
    const valid = signature["webhook-signature"] ?? "";
    const other = `v1,${randomBytes(32).toString("base64")}`;
    const send = (value: string) => sendToVerify(ctx, request, { ...signature, "webhook-signature": value });
    return outcomeOf([
      ...acceptanceFailures(await send(`${other} ${valid}`), ctx, "an old signature followed by the valid one"),
      ...rejectionFailures(
        await send(`${other} ${flipDigestByte(valid, "last")}`),
        ctx,
        "two signatures of which none matches",
      ),
    ]);
  },
};
