import type { ConformanceCheck } from "../../context.ts";

/** The robustness checks. */
export const robustnessChecks: ConformanceCheck[] = [];
