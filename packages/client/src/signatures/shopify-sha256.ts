import { signHmacSha256, verifyHmacSha256 } from "./hmac-sha256.ts";
import { toIsValid } from "./signature-error.ts";
import type { RawBody, SecretInput, VerifyOptionsBase } from "./signature-parts.ts";

/** Shopify's signature header. */
export const SHOPIFY_SIGNATURE_HEADER = "x-shopify-hmac-sha256";

/** Shopify's layout of the generic HMAC-SHA256 scheme: base64, no prefix, no timestamp. */
const SHOPIFY_LAYOUT = { signatureHeader: SHOPIFY_SIGNATURE_HEADER, encoding: "base64" } as const;

/** Options of {@link verifyShopifySha256} and {@link isValidShopifySha256}; Shopify signs no timestamp, so `now` is unused. */
export type VerifyShopifySha256Options = VerifyOptionsBase;

/**
 * Checks Shopify's `x-shopify-hmac-sha256` (base64 HMAC-SHA256 of the raw body under the app's client secret),
 * throwing a coded `SignatureError`: the generic scheme in Shopify's layout.
 * @example verifyShopifySha256({ secret: credentials.signing_secret, headers, body });
 */
export function verifyShopifySha256(options: VerifyShopifySha256Options): void {
  verifyHmacSha256({ ...options, ...SHOPIFY_LAYOUT });
}

/** Boolean twin of {@link verifyShopifySha256}. */
export const isValidShopifySha256: (options: VerifyShopifySha256Options) => boolean = toIsValid(verifyShopifySha256);

/** Produces the header Shopify sends with a signed webhook. */
export function signShopifySha256(options: { secret: SecretInput; body: RawBody }): Record<string, string> {
  return signHmacSha256({ ...options, ...SHOPIFY_LAYOUT });
}
