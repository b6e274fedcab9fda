import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { expectUnauthorized, signedCallsApply, WRONGLY_SIGNED } from "./signed-probes.ts";

/** A wrong secret, a stale timestamp or a signature over other bytes is refused with 401. */
export const wrongSignatureRejected: ConformanceCheck = {
  id: "security.wrong-signature-rejected",
  group: "security",
  level: "required",
  rationale:
    "D9: the signature is checked over the exact body with the adapter's secret, within ±300 s, in constant time; anything else is 401.",
  appliesWhen: signedCallsApply,
  run: async (ctx) => outcomeOf(await expectUnauthorized(ctx, WRONGLY_SIGNED)),
};
