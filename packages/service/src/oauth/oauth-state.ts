import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const RANDOM_BYTES = 32;
const SIGNATURE_CHARS = 22;

function signatureOf(key: Buffer, random: string): string {
  return createHmac("sha256", key)
    .update(`adapterkit:oauth-state:${random}`)
    .digest("base64url")
    .slice(0, SIGNATURE_CHARS);
}

/** The SHA-256 under which a state is stored: the database never holds the state itself. */
export function stateDigest(state: string): string {
  return createHash("sha256").update(state).digest("hex");
}

/**
 * A6: a fresh `state`: 32 CSPRNG bytes and an HMAC over them under the service key, base64url, so a forged or
 * mangled state is refused before any database read.
 * @example const { state, digest } = createOAuthState(context.serviceKey);
 */
export function createOAuthState(key: Buffer): { state: string; digest: string } {
  const random = randomBytes(RANDOM_BYTES).toString("base64url");
  const state = `${random}.${signatureOf(key, random)}`;
  return { state, digest: stateDigest(state) };
}

/** Whether a state is one this service signed (constant-time); it may still be unknown, used or expired. */
export function isSignedOAuthState(key: Buffer, state: string): boolean {
  const match = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/.exec(state);
  if (match === null) return false;
  const expected = Buffer.from(signatureOf(key, match[1] as string));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
