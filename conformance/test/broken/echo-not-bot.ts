import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer, isMessage } from "./behaviour-helpers.ts";

/** Never recognises its own messages: the feedback loop contract.md#is-bot-rule forbids. */
export const echoNotBot: BrokenAdapter = {
  fault: "is_bot false on its own echo",
  adapter: {
    overrides: {
      "parse-inbound": (_request, reference) =>
        editAnswer(reference, (body) => (isMessage(body) ? { ...body, is_bot: false } : body)),
    },
  },
  caughtBy: ["feedback-loop.own-echo-is-bot", "feedback-loop.front-desk-echo", "feedback-loop.thread-echo"],
};
