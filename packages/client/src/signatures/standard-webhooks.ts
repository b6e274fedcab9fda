import { type KeyObject, randomBytes } from "node:crypto";
import { keyObjectCache } from "../key-object-cache.ts";
import { SignatureError, toIsValid } from "./signature-error.ts";
import {
  checkTimestamp,
  decodeDigest,
  hmacSha256,
  type RawBody,
  requireHeader,
  requireSecret,
  safeEqual,
  unixSeconds,
  type VerifyOptionsBase,
} from "./signature-parts.ts";

/** The three Standard Webhooks headers. */
export const STANDARD_WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/** A `whsec_…` secret (or bare base64 key), or the raw key bytes. */
export type StandardWebhookSecret = string | Uint8Array;

/** Options of {@link verifyStandardWebhook} and {@link isValidStandardWebhook}. */
export interface VerifyStandardWebhookOptions extends Omit<VerifyOptionsBase, "secret"> {
  secret: StandardWebhookSecret;
  /** Largest accepted clock skew in seconds; default 300. */
  toleranceSeconds?: number;
}

/** Options of {@link signStandardWebhook}. */
export interface SignStandardWebhookOptions {
  secret: StandardWebhookSecret;
  body: RawBody;
  /** Message id; a fresh `msg_…` id when omitted. */
  id?: string;
  /** Unix seconds; defaults to the clock. */
  timestamp?: number;
  now?: () => number;
}

/** Returns the HMAC key of a Standard Webhooks secret: the base64-decoded part after `whsec_`. */
export function standardWebhookKey(secret: StandardWebhookSecret): Buffer {
  if (typeof secret !== "string") return Buffer.from(secret);
  const encoded = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  const key = Buffer.from(encoded, "base64");
  if (key.length === 0) throw new TypeError("a Standard Webhooks secret must be whsec_ followed by base64 key bytes");
  return key;
}

const cachedKey = keyObjectCache(standardWebhookKey);

/** The key of a secret given as text, decoded once and kept (D415); key bytes as given. */
function standardWebhookKeyObject(secret: StandardWebhookSecret): KeyObject | Buffer {
  return typeof secret === "string" ? cachedKey(secret) : standardWebhookKey(secret);
}

/**
 * Checks a Standard Webhooks v1 signature over `id.timestamp.body`, throwing a coded `SignatureError`.
 * Any one of several space-separated `v1,<base64>` signatures may match (key rotation).
 * @example verifyStandardWebhook({ secret: process.env.ADAPTER_SIGNING_SECRET, headers, body });
 */
export function verifyStandardWebhook(options: VerifyStandardWebhookOptions): void {
  const { secret } = options;
  requireSecret(typeof secret === "string" && secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  const { id: idHeader, timestamp: timestampHeader, signature: signatureHeader } = STANDARD_WEBHOOK_HEADERS;
  const id = requireHeader(options.headers, idHeader);
  const timestamp = requireHeader(options.headers, timestampHeader);
  const signatures = requireHeader(options.headers, signatureHeader);
  checkTimestamp(timestamp, {
    header: timestampHeader,
    toleranceSeconds: options.toleranceSeconds ?? 300,
    now: options.now ?? Date.now,
  });
  const candidates = signatures
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .flatMap((entry) => decodeOrSkip(entry.slice("v1,".length)));
  if (candidates.length === 0) {
    throw new SignatureError("malformed", `the ${signatureHeader} header carries no "v1,<base64>" signature`);
  }
  const expected = hmacSha256(standardWebhookKeyObject(options.secret), `${id}.${timestamp}.`, options.body);
  let matched = false;
  // Every candidate is compared, so timing does not reveal which entry matched.
  for (const candidate of candidates) matched = safeEqual(candidate, expected) || matched;
  if (!matched) {
    throw new SignatureError("mismatch", `no ${signatureHeader} signature matches the body`);
  }
}

/** Boolean twin of {@link verifyStandardWebhook}. */
export const isValidStandardWebhook: (options: VerifyStandardWebhookOptions) => boolean =
  toIsValid(verifyStandardWebhook);

/** Produces the three Standard Webhooks headers for a body. */
export function signStandardWebhook(options: SignStandardWebhookOptions): Record<string, string> {
  const id = options.id ?? `msg_${randomBytes(18).toString("base64url")}`;
  const timestamp = String(options.timestamp ?? unixSeconds(options.now));
  const digest = hmacSha256(standardWebhookKeyObject(options.secret), `${id}.${timestamp}.`, options.body);
  return {
    [STANDARD_WEBHOOK_HEADERS.id]: id,
    [STANDARD_WEBHOOK_HEADERS.timestamp]: timestamp,
    [STANDARD_WEBHOOK_HEADERS.signature]: `v1,${digest.toString("base64")}`,
  };
}

function decodeOrSkip(digest: string): Buffer[] {
  try {
    return [decodeDigest(digest, "base64", STANDARD_WEBHOOK_HEADERS.signature)];
  } catch {
    return [];
  }
}
