import type { ConformanceCheck } from "../../context.ts";

/** The health checks. */
export const healthChecks: ConformanceCheck[] = [];
