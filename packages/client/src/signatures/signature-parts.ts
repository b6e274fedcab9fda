import { createHmac, createSecretKey, KeyObject, timingSafeEqual } from "node:crypto";
import { keyObjectCache } from "../key-object-cache.ts";
import { SignatureError } from "./signature-error.ts";

/** A request body exactly as received: text, or the raw bytes (a Buffer is a Uint8Array). */
export type RawBody = string | Uint8Array;

/** Request headers with lower-cased names; repeated headers may arrive as arrays (Node's `req.headers`). */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** An HMAC secret: text is used as its UTF-8 bytes. */
export type SecretInput = string | Uint8Array;

/** Options every `verify…`/`isValid…` function shares. */
export interface VerifyOptionsBase {
  secret: SecretInput;
  headers: HeaderRecord;
  body: RawBody;
  /** Current time in milliseconds since the epoch; injectable for tests. Defaults to `Date.now`. */
  now?: () => number;
}

/** Returns the bytes of a body or secret, UTF-8 encoding text. */
export function toBytes(value: RawBody): Buffer {
  return typeof value === "string"
    ? Buffer.from(value, "utf8")
    : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** Whether a secret is empty: no bytes, or text that is only whitespace. */
export function isEmptySecret(secret: SecretInput): boolean {
  return typeof secret === "string" ? secret.trim() === "" : secret.byteLength === 0;
}

/**
 * Refuses to check a signature without a secret: an HMAC under an empty key is one anybody can compute, so every
 * request would pass. Throws `missing_secret`, so `isValid…` answers false.
 */
export function requireSecret(secret: SecretInput): void {
  if (isEmptySecret(secret)) {
    throw new SignatureError("missing_secret", "no signing secret is configured, so no request can be verified");
  }
}

const textKey = keyObjectCache(toBytes);

/**
 * HMAC-SHA256 of the concatenated parts under `key` (text as its UTF-8 bytes, bytes, or a secret KeyObject); an
 * empty key is a programming error (TypeError).
 */
export function hmacSha256(key: SecretInput | KeyObject, ...parts: RawBody[]): Buffer {
  if (key instanceof KeyObject ? key.symmetricKeySize === 0 : isEmptySecret(key)) {
    throw new TypeError("refusing to compute an HMAC with an empty secret");
  }
  // Always under a KeyObject: Node's HMAC under raw bytes costs about three times as much (D415).
  const keyObject =
    key instanceof KeyObject ? key : typeof key === "string" ? textKey(key) : createSecretKey(toBytes(key));
  const hmac = createHmac("sha256", keyObject);
  // Text goes in as it is (UTF-8): no Buffer made for it.
  for (const part of parts) hmac.update(typeof part === "string" ? part : toBytes(part));
  return hmac.digest();
}

/** Constant-time equality; inputs of different lengths are unequal (never a RangeError). */
export function safeEqual(a: RawBody, b: RawBody): boolean {
  const left = toBytes(a);
  const right = toBytes(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Reads a header by its lower-case name; an absent or blank header throws `missing_header`. */
export function requireHeader(headers: HeaderRecord, name: string): string {
  const raw = headers[name.toLowerCase()];
  const value = (typeof raw === "string" ? raw : raw?.join(", "))?.trim();
  if (!value) throw new SignatureError("missing_header", `the ${name} header is missing`);
  return value;
}

const HEX = /^(?:[0-9a-f]{2})+$/i;
const BASE64 = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}(?:==)?|[A-Za-z0-9+/_-]{3}=?)?$/;

/** Decodes a hex or base64 digest as written in a header, or throws `malformed` naming the header. */
export function decodeDigest(text: string, encoding: "hex" | "base64", header: string): Buffer {
  const pattern = encoding === "hex" ? HEX : BASE64;
  if (text === "" || !pattern.test(text)) {
    throw new SignatureError("malformed", `the ${header} header does not carry a ${encoding} digest`);
  }
  return Buffer.from(text, encoding);
}

/** Parses a Unix-seconds timestamp header and rejects one outside `toleranceSeconds` of `now` in either direction. */
export function checkTimestamp(
  value: string,
  options: { header: string; toleranceSeconds: number; now: () => number },
): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw new SignatureError("malformed", `the ${options.header} header is not a Unix timestamp in seconds`);
  }
  const timestamp = Number(value);
  const skew = Math.floor(options.now() / 1000) - timestamp;
  if (skew > options.toleranceSeconds) {
    throw new SignatureError(
      "stale_timestamp",
      `the ${options.header} header is ${skew} s old, over the ${options.toleranceSeconds} s tolerance`,
    );
  }
  if (-skew > options.toleranceSeconds) {
    throw new SignatureError(
      "stale_timestamp",
      `the ${options.header} header is ${-skew} s in the future, over the ${options.toleranceSeconds} s tolerance`,
    );
  }
  return timestamp;
}

/** The current Unix time in whole seconds from an injectable millisecond clock. */
export function unixSeconds(now: () => number = Date.now): number {
  return Math.floor(now() / 1000);
}
