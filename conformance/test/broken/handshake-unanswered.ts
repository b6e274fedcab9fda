import type { BrokenAdapter } from "../run-against.ts";
import { envelopeOf, eventOf } from "./behaviour-helpers.ts";

/** Treats the platform's URL-verification handshake as an ignorable event, so the platform never confirms the hook. */
export const handshakeUnanswered: BrokenAdapter = {
  fault: "handshake not answered",
  adapter: {
    overrides: {
      "parse-inbound": (request) => {
        const envelope = envelopeOf(request);
        const event = envelope === undefined ? undefined : eventOf(envelope);
        if (event?.type !== "url_verification") return undefined;
        return { status: 200, body: { ignored: true, reason: "not a message" } };
      },
    },
  },
  caughtBy: ["parse-inbound.handshake-answered"],
};
