import type { BrokenAdapter } from "../run-against.ts";

/** Has a signing secret issued but never checks it: any call, signed or not, is served. */
export const serviceSignatureIgnored: BrokenAdapter = {
  fault: "service signature ignored although a signing secret is set",
  adapter: { signingSecret: undefined },
  caughtBy: [
    "security.unsigned-rejected",
    "security.wrong-signature-rejected",
    "security.covers-signed-parts",
    "security.timestamp-both-sides",
    "security.rejects-malformed-signature",
    "security.rotated-secrets",
  ],
};
