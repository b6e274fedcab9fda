import type { ConformanceCheck } from "../../context.ts";
import { judgeEcho } from "./judge-echo.ts";
import { sendsAndReceives } from "./send-echo.ts";

/** The platform's echo of what the adapter itself delivered parses with `is_bot: true`. */
export const ownEchoIsBot: ConformanceCheck = {
  id: "feedback-loop.own-echo-is-bot",
  group: "feedback-loop",
  level: "required",
  rationale:
    "The adapter must set is_bot true for messages the platform sent itself, or the bot answers itself forever (contract.md#is-bot-rule).",
  appliesWhen: sendsAndReceives,
  run: (ctx) => judgeEcho(ctx, "bot", "the echo of the adapter's own delivery parsed with is_bot false"),
};
