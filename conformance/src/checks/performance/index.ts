import type { ConformanceCheck } from "../../context.ts";

/** The performance checks. */
export const performanceChecks: ConformanceCheck[] = [];
