import type { BrokenAdapter } from "../run-against.ts";

/** Lists `send` twice (the schema's item count allows it; the capability rule does not). */
export const capabilityRepeated: BrokenAdapter = {
  fault: "a capability listed twice",
  adapter: { manifestPatch: { capabilities: ["send", "send"] } },
  caughtBy: ["manifest.capabilities"],
};
