import { createHmac, randomBytes } from "node:crypto";
import { keyObjectCache } from "./key-object-cache.ts";

/** What to sign a request with; only the secret is required, the rest is for tests and conformance checks. */
export interface SignRequestOptions {
  /**
   * The signing secret, `whsec_` followed by the base64 key; with several (a secret being rotated), one signature
   * each, space-separated as Standard Webhooks allows, so a receiver knowing any one of them accepts the request.
   */
  readonly secret: string | readonly string[];
  /** The exact request body as sent ("" for none). */
  readonly body: string;
  /** Defaults to `msg_` plus 18 random bytes in base64url. */
  readonly id?: string;
  /** Defaults to now, in seconds since the epoch. */
  readonly timestampSeconds?: number;
}

const ID_BYTES = 18;
// CSPRNG bytes for 128 ids at a time: one randomBytes call per id was a system call on every adapter call (D179).
let idPool = Buffer.alloc(0);
let idOffset = 0;

/** 18 fresh CSPRNG bytes for a message id. */
function randomIdBytes(): Buffer {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 128);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return idPool.subarray(idOffset - ID_BYTES, idOffset);
}

/** The three Standard Webhooks headers (D9). */
export interface SignatureHeaders {
  readonly "webhook-id": string;
  readonly "webhook-timestamp": string;
  readonly "webhook-signature": string;
}

/**
 * Signs a request body the Standard Webhooks way: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, keyed with
 * the base64-decoded part of the secret after `whsec_`.
 *
 * @example
 * const headers = signRequest({ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", body: '{"credentials":{}}' });
 */
export function signRequest(options: SignRequestOptions): SignatureHeaders {
  const id = options.id ?? `msg_${randomIdBytes().toString("base64url")}`;
  const timestamp = String(options.timestampSeconds ?? Math.floor(Date.now() / 1000));
  const secrets = typeof options.secret === "string" ? [options.secret] : options.secret;
  const signatures = secrets.map(
    (secret) =>
      `v1,${createHmac("sha256", cachedSigningKey(secret)).update(`${id}.${timestamp}.${options.body}`).digest("base64")}`,
  );
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}

const cachedSigningKey = keyObjectCache(signingKey);

/** The HMAC key inside a `whsec_…` secret; throws when there is none, since that is a configuration mistake. */
export function signingKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  if (key.length === 0) throw new TypeError("signing secret must be whsec_ followed by a base64 key");
  return key;
}
