// Its own file so that the report schema names the profiles without importing the runner's options (which name
// the checks, which name the report schema: an import cycle).

/** Which checks a run includes by default: `review` adds the slow checks (the portal's review runs it). */
export const CONFORMANCE_PROFILES = ["default", "review"] as const;

export type ConformanceProfile = (typeof CONFORMANCE_PROFILES)[number];
