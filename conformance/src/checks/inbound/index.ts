import type { ConformanceCheck } from "../../context.ts";
import { combinedEqualsTwoCalls } from "./combined-equals-two-calls.ts";
import { combinedFeedbackLoop } from "./combined-feedback-loop.ts";
import { combinedRetry } from "./combined-retry.ts";

/** The combined-endpoint checks (apply when the manifest declares `receive`; D412): samples, echoes, a retry. */
export const inboundChecks: ConformanceCheck[] = [combinedEqualsTwoCalls, combinedFeedbackLoop, combinedRetry];
