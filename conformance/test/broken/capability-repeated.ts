import type { BrokenAdapter } from "../run-against.ts";

/** Lists `send` twice: the published schema says `uniqueItems`, and the capability rule refuses it too. */
export const capabilityRepeated: BrokenAdapter = {
  fault: "a capability listed twice",
  adapter: { manifestPatch: { capabilities: ["send", "send"] } },
  caughtBy: ["manifest.capabilities", "manifest.schema"],
};
