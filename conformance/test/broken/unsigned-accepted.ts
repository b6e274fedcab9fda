import type { BrokenAdapter } from "../run-against.ts";
import { envelopeOf } from "./behaviour-helpers.ts";

/** Checks a signature when there is one, and waves a request without one through. */
export const unsignedAccepted: BrokenAdapter = {
  fault: "a request without a signature accepted",
  adapter: {
    overrides: {
      "verify-webhook": (request) => {
        const envelope = envelopeOf(request);
        if (envelope === undefined || envelope.headers["webhook-signature"] !== undefined) return undefined;
        return { status: 200, body: { ok: true } };
      },
    },
  },
  caughtBy: ["verify-webhook.rejects-missing-signature"],
};
