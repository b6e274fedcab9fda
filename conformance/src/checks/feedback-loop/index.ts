import type { ConformanceCheck } from "../../context.ts";
import { frontDeskEcho } from "./front-desk-echo.ts";
import { ownEchoIsBot } from "./own-echo-is-bot.ts";
import { personIsNotBot } from "./person-is-not-bot.ts";
import { threadEcho } from "./thread-echo.ts";

/** The feedback-loop checks: deliver, echo back as the platform would, judge `is_bot` (apply to send + receive). */
export const feedbackLoopChecks: ConformanceCheck[] = [ownEchoIsBot, personIsNotBot, frontDeskEcho, threadEcho];
