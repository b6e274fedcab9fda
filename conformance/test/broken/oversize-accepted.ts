import type { BrokenAdapter } from "../run-against.ts";

/** Reads bodies of any size (a 64 MiB limit is no limit for a webhook adapter). */
export const oversizeAccepted: BrokenAdapter = {
  fault: "a 2 MiB body processed instead of refused",
  adapter: { bodyLimitBytes: 64 * 1024 * 1024 },
  caughtBy: ["robustness.oversize-body", "robustness.chunked-oversize"],
};
