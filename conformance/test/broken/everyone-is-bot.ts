import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer, isMessage } from "./behaviour-helpers.ts";

/** Flags every message as the bot's, so no person's message ever reaches a trigger. */
export const everyoneIsBot: BrokenAdapter = {
  fault: "is_bot true on every message",
  adapter: {
    overrides: {
      "parse-inbound": (_request, reference) =>
        editAnswer(reference, (body) => (isMessage(body) ? { ...body, is_bot: true } : body)),
    },
  },
  caughtBy: [
    "feedback-loop.person-is-not-bot",
    "parse-inbound.message-samples",
    "parse-inbound.front-desk-mode",
    "feedback-loop.front-desk-echo",
    "feedback-loop.thread-echo",
  ],
};
