import type { ConformanceCheck } from "../../context.ts";

/** The endpoints checks. */
export const endpointsChecks: ConformanceCheck[] = [];
