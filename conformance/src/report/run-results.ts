/** How a run that made a report ended; the CLI maps each to its exit code (a usage error makes no report). */
export const RUN_RESULTS = ["passed", "failed", "unreachable"] as const;

/** `passed` (every required check passed), `failed` (a required check failed) or `unreachable` (nothing ran). */
export type RunResult = (typeof RUN_RESULTS)[number];
