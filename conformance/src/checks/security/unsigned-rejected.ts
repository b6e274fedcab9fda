import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { expectUnauthorized, signedCallsApply, UNSIGNED } from "./signed-probes.ts";

/** With a signing secret, an unsigned service call is refused with 401 on every signed endpoint. */
export const unsignedRejected: ConformanceCheck = {
  id: "security.unsigned-rejected",
  group: "security",
  level: "required",
  rationale:
    "D9: with a signing secret set, every call but /manifest.json and /health must carry a valid Standard Webhooks signature, else 401.",
  appliesWhen: signedCallsApply,
  run: async (ctx) => outcomeOf(await expectUnauthorized(ctx, [UNSIGNED])),
};
