/** A signature header value: its scheme prefix (`v1,`, `v0=`, `sha256=` or none) and the digest after it. */
export interface SignatureValue {
  readonly prefix: string;
  readonly digest: string;
  readonly encoding: "hex" | "base64" | "base64url";
}

/** A wrong signature value and what is wrong with it, for failure messages. */
export interface WrongSignature {
  readonly what: string;
  readonly value: string;
}

/** Splits a header value such as `v1,<base64>` or `sha256=<hex>` into prefix and digest. */
export function splitSignature(value: string): SignatureValue {
  const prefix = /^[A-Za-z0-9]{1,10}[=,](?=.{16})/.exec(value)?.[0] ?? "";
  const digest = value.slice(prefix.length);
  if (/^(?:[0-9a-f]{2})+$/i.test(digest)) return { prefix, digest, encoding: "hex" };
  return { prefix, digest, encoding: /[-_]/.test(digest) ? "base64url" : "base64" };
}

/** The value with one byte of its decoded digest changed (the first or the last), written in the same encoding. */
export function flipDigestByte(value: string, which: "first" | "last"): string {
  const { prefix, digest, encoding } = splitSignature(value);
  const bytes = Buffer.from(digest, encoding);
  if (bytes.length === 0) return `${value}x`;
  const at = which === "first" ? 0 : bytes.length - 1;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  let written = bytes.toString(encoding);
  if (encoding === "hex" && /[A-F]/.test(digest)) written = written.toUpperCase();
  if (encoding === "base64" && !digest.endsWith("=")) written = written.replace(/=+$/, "");
  return `${prefix}${written}`;
}

/**
 * Values a verifier must refuse, made from a valid one: empty, the prefix alone, a digest that is not one,
 * half the digest, and (the whole value compared) the first or the last byte wrong.
 */
export function wrongSignatures(valid: string): WrongSignature[] {
  const { prefix, digest } = splitSignature(valid);
  return [
    { what: "an empty signature", value: "" },
    ...(prefix === "" ? [] : [{ what: `the prefix ${JSON.stringify(prefix)} without a digest`, value: prefix }]),
    { what: "a digest that is neither hex nor base64", value: `${prefix}not*a*signature!` },
    {
      what: "a truncated signature (half the digest)",
      value: `${prefix}${digest.slice(0, Math.ceil(digest.length / 2))}`,
    },
    { what: "a signature whose first byte is wrong", value: flipDigestByte(valid, "first") },
    { what: "a signature whose last byte is wrong", value: flipDigestByte(valid, "last") },
  ];
}
