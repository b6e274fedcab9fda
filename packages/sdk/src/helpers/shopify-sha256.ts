import { SignatureError, toIsValid } from "./signature-error.ts";
import {
  decodeDigest,
  hmacSha256,
  type RawBody,
  requireHeader,
  requireSecret,
  type SecretInput,
  safeEqual,
  type VerifyOptionsBase,
} from "./signature-parts.ts";

/** Shopify's signature header. */
export const SHOPIFY_SIGNATURE_HEADER = "x-shopify-hmac-sha256";

/** Options of {@link verifyShopifySha256} and {@link isValidShopifySha256}; Shopify signs no timestamp, so `now` is unused. */
export type VerifyShopifySha256Options = VerifyOptionsBase;

/**
 * Checks Shopify's `x-shopify-hmac-sha256` (base64 HMAC-SHA256 of the raw body under the app's client secret),
 * throwing a coded `SignatureError`.
 * @example verifyShopifySha256({ secret: credentials.signing_secret, headers, body });
 */
export function verifyShopifySha256(options: VerifyShopifySha256Options): void {
  requireSecret(options.secret);
  const signature = requireHeader(options.headers, SHOPIFY_SIGNATURE_HEADER);
  const given = decodeDigest(signature, "base64", SHOPIFY_SIGNATURE_HEADER);
  if (!safeEqual(given, hmacSha256(options.secret, options.body))) {
    throw new SignatureError("mismatch", `the ${SHOPIFY_SIGNATURE_HEADER} signature does not match the body`);
  }
}

/** Boolean twin of {@link verifyShopifySha256}. */
export const isValidShopifySha256: (options: VerifyShopifySha256Options) => boolean = toIsValid(verifyShopifySha256);

/** Produces the header Shopify sends with a signed webhook. */
export function signShopifySha256(options: { secret: SecretInput; body: RawBody }): Record<string, string> {
  return { [SHOPIFY_SIGNATURE_HEADER]: hmacSha256(options.secret, options.body).toString("base64") };
}
