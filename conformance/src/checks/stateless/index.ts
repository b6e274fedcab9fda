import type { ConformanceCheck } from "../../context.ts";

/** The stateless checks. */
export const statelessChecks: ConformanceCheck[] = [];
