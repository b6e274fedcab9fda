import { verifyWebhook } from "../reference/inbound.ts";
import type { BrokenAdapter } from "../run-against.ts";
import { envelopeOf, withJson } from "./behaviour-helpers.ts";

/** Parses the platform body and checks the signature over its re-serialisation instead of the bytes received. */
export const verifiesReserialisedJson: BrokenAdapter = {
  fault: "verification over re-serialised JSON",
  adapter: {
    overrides: {
      "verify-webhook": (request) => {
        const envelope = envelopeOf(request);
        if (envelope === undefined) return undefined;
        let reserialised: string;
        try {
          reserialised = JSON.stringify(JSON.parse(envelope.body));
        } catch {
          return undefined;
        }
        return verifyWebhook(withJson(request, { ...envelope, body: reserialised }));
      },
    },
  },
  caughtBy: ["verify-webhook.rejects-reserialised-json"],
};
