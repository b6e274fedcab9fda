import type { BrokenAdapter } from "../run-against.ts";

/** Health names another slug than the manifest and the mount path. */
export const slugMismatch: BrokenAdapter = {
  fault: "health adapter slug differs from the manifest slug and mount path",
  adapter: { healthPatch: { adapter: "reference-adapter" } },
  caughtBy: ["health.adapter-slug"],
};
