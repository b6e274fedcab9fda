import type { ConformanceCheck } from "../../context.ts";
import { combinedEqualsTwoCalls } from "./combined-equals-two-calls.ts";

/** The combined-endpoint checks (apply when the manifest declares `receive`; D412). */
export const inboundChecks: ConformanceCheck[] = [combinedEqualsTwoCalls];
