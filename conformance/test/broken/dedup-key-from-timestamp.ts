import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer, envelopeOf, isMessage } from "./behaviour-helpers.ts";

/** Derives dedup_key from the delivery's timestamp as well as the event, so a retry looks like a new event. */
export const dedupKeyFromTimestamp: BrokenAdapter = {
  fault: "dedup_key changing on retry (derived from the timestamp)",
  adapter: {
    overrides: {
      "parse-inbound": (request, reference) => {
        const timestamp = envelopeOf(request)?.headers["webhook-timestamp"] ?? "0";
        return editAnswer(reference, (body) =>
          isMessage(body) ? { ...body, dedup_key: `${String(body.dedup_key)}@${timestamp}` } : body,
        );
      },
    },
  },
  caughtBy: ["parse-inbound.dedup-key-stable-on-retry"],
};
