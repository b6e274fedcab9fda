import type { ConformanceCheck } from "../../context.ts";

/** The `/sources/*` checks (placeholder; engineer B fills it). */
export const sourcesChecks: ConformanceCheck[] = [];
