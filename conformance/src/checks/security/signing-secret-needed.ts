import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { unsignedRefusal } from "./unsigned-refusal.ts";

/**
 * A run without a signing secret against an adapter that refuses unsigned calls judges nothing: this check says
 * so once, and the runner reports the checks that call the adapter not applicable instead of failing each on 401.
 */
export const signingSecretNeeded: ConformanceCheck = {
  id: "security.signing-secret-needed",
  group: "security",
  level: "required",
  rationale:
    "D9: an adapter served with a signing secret answers 401 to unsigned calls, so an unsigned run reports that once, not a failure per check.",
  appliesWhen: (_manifest, ctx) => ctx.signingSecret === undefined || "the run signs every call (--signing-secret)",
  async run(ctx) {
    const refusal = await unsignedRefusal(ctx);
    return refusal === undefined ? passed("the adapter answers unsigned calls") : failed([refusal]);
  },
};
