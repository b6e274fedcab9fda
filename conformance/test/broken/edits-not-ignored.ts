import { parseInbound } from "../reference/inbound.ts";
import type { BrokenAdapter } from "../run-against.ts";
import { envelopeOf, eventOf, withJson } from "./behaviour-helpers.ts";

/** Turns an edit into a fresh message, so every edit fires the trigger again. */
export const editsNotIgnored: BrokenAdapter = {
  fault: "edits not ignored",
  adapter: {
    overrides: {
      "parse-inbound": (request) => {
        const envelope = envelopeOf(request);
        const event = envelope === undefined ? undefined : eventOf(envelope);
        if (envelope === undefined || event?.type !== "message_changed") return undefined;
        return parseInbound(
          withJson(request, { ...(request.json as object), body: JSON.stringify({ ...event, type: "message" }) }),
        );
      },
    },
  },
  caughtBy: ["parse-inbound.ignores-non-messages"],
};
