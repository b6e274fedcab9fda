import { randomBytes } from "node:crypto";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { flipDigestByte } from "../shared/signature-values.ts";
import { runSignedSteps } from "./signature-sequence.ts";
import { signedCallsApply } from "./signed-probes.ts";

/**
 * While the service rotates an adapter's secret it signs with both, space-separated in one `webhook-signature`:
 * the call is served when any one signature matches, and refused when none does.
 */
export const securityRotatedSecrets: ConformanceCheck = {
  id: "security.rotated-secrets",
  group: "security",
  level: "required",
  rationale:
    "D9 uses Standard Webhooks, whose header may carry several signatures (a secret being rotated): any one matching is served, none is a 401.",
  appliesWhen: signedCallsApply,
  run: async (ctx) =>
    outcomeOf(
      await runSignedSteps(ctx, (valid) => {
        const other = `v1,${randomBytes(32).toString("base64")}`;
        const signature = valid["webhook-signature"];
        return [
          {
            what: "a signature with another secret followed by the valid one",
            expect: "served",
            headers: { ...valid, "webhook-signature": `${other} ${signature}` },
          },
          {
            what: "two signatures of which none matches",
            expect: "refused",
            headers: { ...valid, "webhook-signature": `${other} ${flipDigestByte(signature, "last")}` },
          },
        ];
      }),
    ),
};
