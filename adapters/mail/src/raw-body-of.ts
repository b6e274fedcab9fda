/** The platform's body bytes as received (D2): base64-decoded when `body_encoding` says so, else the text. */
export function rawBodyOf(envelope: { body: string; body_encoding?: "base64" | undefined }): string | Buffer {
  return envelope.body_encoding === "base64" ? Buffer.from(envelope.body, "base64") : envelope.body;
}
