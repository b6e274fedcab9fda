import type { BrokenAdapter } from "../run-against.ts";

/** Declares a category outside the twelve SPEC allows. */
export const invalidCategory: BrokenAdapter = {
  fault: "manifest with an invalid category",
  adapter: { manifestPatch: { category: "messaging" } },
  caughtBy: ["manifest.schema"],
};
