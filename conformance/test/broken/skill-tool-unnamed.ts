import { REFERENCE_MANIFEST } from "../reference/manifest.ts";
import type { BrokenAdapter } from "../run-against.ts";

/** Lists a tool the skill's knowledge never mentions. */
export const skillToolUnnamed: BrokenAdapter = {
  fault: "skill tool not named in knowledge",
  adapter: {
    manifestPatch: { skill: { ...REFERENCE_MANIFEST.skill, tool_names: ["reference_lookup", "reference_delete"] } },
  },
  caughtBy: ["manifest.skill-tools-named"],
};
