import type { ConformanceCheck } from "../../context.ts";

/** The verify checks. */
export const verifyChecks: ConformanceCheck[] = [];
