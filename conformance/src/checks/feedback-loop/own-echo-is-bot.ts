import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { sendEcho, sendsAndReceives } from "./send-echo.ts";

/** The platform's echo of what the adapter itself delivered parses with `is_bot: true`. */
export const ownEchoIsBot: ConformanceCheck = {
  id: "feedback-loop.own-echo-is-bot",
  group: "feedback-loop",
  level: "required",
  rationale:
    "The adapter must set is_bot true for messages the platform sent itself, or the bot answers itself forever (SPEC feedback-loop rule).",
  appliesWhen: sendsAndReceives,
  async run(ctx) {
    const sent = await sendEcho(ctx, "bot");
    if (!sent.ok) return failed([sent.failure]);
    const { message, parsed } = sent.echo;
    if (message.is_bot === true) return passed();
    return failed([
      checkFailure(ctx, parsed.call, {
        message: "the echo of the adapter's own delivery parsed with is_bot false",
        pointer: "/is_bot",
        expected: "true",
        actual: show(message.is_bot),
      }),
    ]);
  },
};
