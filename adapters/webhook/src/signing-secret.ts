/** Standard Webhooks asks for keys of 24 to 64 bytes. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const WHSEC = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** A checked `whsec_…` secret, or what is wrong with it (never the secret itself). */
export type SigningSecretCheck = { ok: true; secret: string; keyBytes: number } | { ok: false; error: string };

/**
 * Checks that a credential field holds a Standard Webhooks secret: `whsec_` and 24–64 bytes of base64. The
 * SDK's signer would otherwise take nearly any text, and a typo would only show as signatures that never match.
 */
export function checkSigningSecret(value: string | undefined, field: string): SigningSecretCheck {
  const encoded = WHSEC.exec(value?.trim() ?? "")?.[1];
  if (encoded === undefined || encoded.length % 4 === 1) {
    return { ok: false, error: `${field} is not a Standard Webhooks secret (whsec_ followed by base64)` };
  }
  const keyBytes = Buffer.from(encoded, "base64").length;
  if (keyBytes < MIN_KEY_BYTES || keyBytes > MAX_KEY_BYTES) {
    return { ok: false, error: `${field} holds a ${keyBytes}-byte key; Standard Webhooks keys are 24 to 64 bytes` };
  }
  return { ok: true, secret: (value as string).trim(), keyBytes };
}
