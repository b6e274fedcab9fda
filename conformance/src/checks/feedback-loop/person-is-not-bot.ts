import type { ConformanceCheck } from "../../context.ts";
import { judgeEcho } from "./judge-echo.ts";
import { sendsAndReceives } from "./send-echo.ts";

/** The same text sent by a person parses with `is_bot: false`: the marker, not the text, makes a message the bot's. */
export const personIsNotBot: ConformanceCheck = {
  id: "feedback-loop.person-is-not-bot",
  group: "feedback-loop",
  level: "required",
  rationale:
    "is_bot is true only for messages the platform sent itself; a person's message reaches triggers (contract.md#is-bot-rule).",
  appliesWhen: sendsAndReceives,
  run: (ctx) => judgeEcho(ctx, "person", "a person's message with the delivered text parsed with is_bot true"),
};
