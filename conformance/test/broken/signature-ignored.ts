import type { BrokenAdapter } from "../run-against.ts";

/** Answers `{ ok: true }` to every well-formed envelope without looking at the signature. */
export const signatureIgnored: BrokenAdapter = {
  fault: "signature ignored (verify-webhook always ok)",
  adapter: {
    overrides: {
      "verify-webhook": async (_request, reference) => {
        const answer = await reference();
        return answer.status === 200 ? { status: 200, body: { ok: true } } : answer;
      },
    },
  },
  caughtBy: [
    "verify-webhook.rejects-tampered-byte",
    "verify-webhook.rejects-reserialised-json",
    "verify-webhook.rejects-stale-timestamp",
    "verify-webhook.rejects-wrong-secret",
    "verify-webhook.rejects-missing-signature",
    "verify-webhook.covers-signed-parts",
    "verify-webhook.timestamp-both-sides",
    "verify-webhook.rejects-malformed-signature",
    "verify-webhook.several-signatures",
  ],
};
