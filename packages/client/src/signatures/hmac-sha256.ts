import { SignatureError, toIsValid } from "./signature-error.ts";
import {
  checkTimestamp,
  decodeDigest,
  hmacSha256,
  type RawBody,
  requireHeader,
  requireSecret,
  type SecretInput,
  safeEqual,
  unixSeconds,
  type VerifyOptionsBase,
} from "./signature-parts.ts";

/** How a platform lays out a plain HMAC-SHA256 signature; every field has a default. */
export interface HmacSha256Config {
  /** Header carrying the signature; default `x-signature`. */
  signatureHeader?: string;
  /** Header carrying a Unix-seconds timestamp; when set, the signed content is `${timestamp}.${body}`. */
  timestampHeader?: string;
  /** How the digest is written; default `hex`. */
  encoding?: "hex" | "base64";
  /** Text before the digest in the header, such as `sha256=`; default none. */
  prefix?: string;
  /** Largest accepted clock skew in seconds when a timestamp header is used; default 300. */
  toleranceSeconds?: number;
}

/** Options of {@link verifyHmacSha256} and {@link isValidHmacSha256}. */
export interface VerifyHmacSha256Options extends VerifyOptionsBase, HmacSha256Config {}

/** Options of {@link signHmacSha256}. */
export interface SignHmacSha256Options extends HmacSha256Config {
  secret: SecretInput;
  body: RawBody;
  /** Unix seconds to sign with when a timestamp header is configured; defaults to the clock. */
  timestamp?: number;
  now?: () => number;
}

const DEFAULT_SIGNATURE_HEADER = "x-signature";

/**
 * Checks a generic HMAC-SHA256 signature over the raw body (or `${timestamp}.${body}`), throwing a coded `SignatureError`.
 * @example verifyHmacSha256({ secret, headers, body, timestampHeader: "x-timestamp" });
 */
export function verifyHmacSha256(options: VerifyHmacSha256Options): void {
  requireSecret(options.secret);
  const signatureHeader = options.signatureHeader ?? DEFAULT_SIGNATURE_HEADER;
  const prefix = options.prefix ?? "";
  const encoding = options.encoding ?? "hex";
  const signature = requireHeader(options.headers, signatureHeader);
  let signedParts: RawBody[] = [options.body];
  if (options.timestampHeader !== undefined) {
    const timestamp = requireHeader(options.headers, options.timestampHeader);
    checkTimestamp(timestamp, {
      header: options.timestampHeader,
      toleranceSeconds: options.toleranceSeconds ?? 300,
      now: options.now ?? Date.now,
    });
    signedParts = [`${timestamp}.`, options.body];
  }
  if (!signature.startsWith(prefix)) {
    throw new SignatureError("malformed", `the ${signatureHeader} header does not start with "${prefix}"`);
  }
  const given = decodeDigest(signature.slice(prefix.length), encoding, signatureHeader);
  if (!safeEqual(given, hmacSha256(options.secret, ...signedParts))) {
    throw new SignatureError("mismatch", `the ${signatureHeader} signature does not match the body`);
  }
}

/** Boolean twin of {@link verifyHmacSha256}. */
export const isValidHmacSha256: (options: VerifyHmacSha256Options) => boolean = toIsValid(verifyHmacSha256);

/** Produces the headers a sender of a generic HMAC-SHA256 webhook attaches. */
export function signHmacSha256(options: SignHmacSha256Options): Record<string, string> {
  const signatureHeader = options.signatureHeader ?? DEFAULT_SIGNATURE_HEADER;
  const encoding = options.encoding ?? "hex";
  if (options.timestampHeader === undefined) {
    const digest = hmacSha256(options.secret, options.body).toString(encoding);
    return { [signatureHeader]: `${options.prefix ?? ""}${digest}` };
  }
  const timestamp = String(options.timestamp ?? unixSeconds(options.now));
  const digest = hmacSha256(options.secret, `${timestamp}.`, options.body).toString(encoding);
  return { [signatureHeader]: `${options.prefix ?? ""}${digest}`, [options.timestampHeader]: timestamp };
}
