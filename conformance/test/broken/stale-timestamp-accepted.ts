import { createHmac, timingSafeEqual } from "node:crypto";
import type { BrokenAdapter } from "../run-against.ts";
import { envelopeOf } from "./behaviour-helpers.ts";

/** Checks the Standard Webhooks signature correctly but never the age of its timestamp: replays pass. */
export const staleTimestampAccepted: BrokenAdapter = {
  fault: "stale timestamp accepted",
  adapter: {
    overrides: {
      "verify-webhook": (request) => {
        const envelope = envelopeOf(request);
        const secret = envelope?.credentials.signing_secret;
        if (envelope === undefined || typeof secret !== "string") return undefined;
        const { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature } = envelope.headers;
        const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
        const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${envelope.body}`).digest();
        const given = Buffer.from((signature ?? "").replace(/^v1,/, ""), "base64");
        const ok = given.length === expected.length && timingSafeEqual(given, expected);
        return { status: 200, body: ok ? { ok: true } : { ok: false, error: "signature mismatch" } };
      },
    },
  },
  caughtBy: [
    "verify-webhook.rejects-stale-timestamp",
    "verify-webhook.timestamp-both-sides",
    "verify-webhook.several-signatures", // it reads the header as one signature
  ],
};
