import type { BrokenAdapter } from "../run-against.ts";

/** Declares a category outside the twelve the manifest allows (contract.md#manifest-fields). */
export const invalidCategory: BrokenAdapter = {
  fault: "manifest with an invalid category",
  adapter: { manifestPatch: { category: "messaging" } },
  caughtBy: ["manifest.schema"],
};
