import type { ConformanceCheck } from "../../context.ts";

/** The manifest checks. */
export const manifestChecks: ConformanceCheck[] = [];
