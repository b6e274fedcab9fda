/**
 * The platform's body bytes exactly as received (D2): base64-decoded when `body_encoding` says so, else the
 * text; what signature checks must run over.
 * @example verifySlackV0({ secret: credentials.signing_secret, headers: envelope.headers, body: rawBodyOf(envelope) });
 */
export function rawBodyOf(envelope: { body: string; body_encoding?: "base64" | undefined }): string | Buffer {
  return envelope.body_encoding === "base64" ? Buffer.from(envelope.body, "base64") : envelope.body;
}
