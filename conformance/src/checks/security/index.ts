import type { ConformanceCheck } from "../../context.ts";

/** The security checks. */
export const securityChecks: ConformanceCheck[] = [];
