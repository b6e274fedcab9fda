import type { ConformanceCheck } from "../../context.ts";
import { p95Budget } from "./p95-budget.ts";

/** The performance checks (p95 per endpoint is in every report; the budget is a recommended check). */
export const performanceChecks: ConformanceCheck[] = [p95Budget];
