import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { sendEcho, sendsAndReceives } from "./send-echo.ts";

/** The same text sent by a person parses with `is_bot: false`: the marker, not the text, makes a message the bot's. */
export const personIsNotBot: ConformanceCheck = {
  id: "feedback-loop.person-is-not-bot",
  group: "feedback-loop",
  level: "required",
  rationale:
    "is_bot is true only for messages the platform sent itself; a person's message reaches triggers (SPEC feedback-loop rule).",
  appliesWhen: sendsAndReceives,
  async run(ctx) {
    const sent = await sendEcho(ctx, "person");
    if (!sent.ok) return failed([sent.failure]);
    const { message, parsed } = sent.echo;
    if (message.is_bot === false) return passed();
    return failed([
      checkFailure(ctx, parsed.call, {
        message: "a person's message with the delivered text parsed with is_bot true",
        pointer: "/is_bot",
        expected: "false",
        actual: show(message.is_bot),
      }),
    ]);
  },
};
