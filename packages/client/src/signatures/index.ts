// `@adapterkit/client/signatures`: the inbound signature schemes (Slack v0, GitHub and Shopify SHA-256, Stripe v1,
// generic HMAC-SHA256, Standard Webhooks) shared by adapters (through the SDK, which re-exports them) and the service
// (D574). Loads neither undici nor ajv (D418).
export {
  GITHUB_SIGNATURE_HEADER,
  isValidGithubSha256,
  signGithubSha256,
  type VerifyGithubSha256Options,
  verifyGithubSha256,
} from "./github-sha256.ts";
export {
  type HmacSha256Config,
  isValidHmacSha256,
  type SignHmacSha256Options,
  signHmacSha256,
  type VerifyHmacSha256Options,
  verifyHmacSha256,
} from "./hmac-sha256.ts";
export {
  isValidShopifySha256,
  SHOPIFY_SIGNATURE_HEADER,
  signShopifySha256,
  type VerifyShopifySha256Options,
  verifyShopifySha256,
} from "./shopify-sha256.ts";
export { SIGNATURE_ERROR_CODES, SignatureError, type SignatureErrorCode } from "./signature-error.ts";
export { type HeaderRecord, hmacSha256, type RawBody, type SecretInput, safeEqual } from "./signature-parts.ts";
export {
  createHmacSha256Scheme,
  isSignatureSchemeName,
  type SchemeSignOptions,
  type SchemeVerifyOptions,
  SIGNATURE_SCHEME_NAMES,
  SIGNATURE_SCHEMES,
  type SignatureScheme,
  type SignatureSchemeName,
} from "./signature-schemes.ts";
export {
  isValidSlackV0,
  type SignSlackV0Options,
  SLACK_SIGNATURE_HEADER,
  SLACK_TIMESTAMP_HEADER,
  signSlackV0,
  type VerifySlackV0Options,
  verifySlackV0,
} from "./slack-v0.ts";
export {
  isValidStandardWebhook,
  type SignStandardWebhookOptions,
  STANDARD_WEBHOOK_HEADERS,
  type StandardWebhookSecret,
  signStandardWebhook,
  standardWebhookKey,
  type VerifyStandardWebhookOptions,
  verifyStandardWebhook,
} from "./standard-webhooks.ts";
export {
  isValidStripeV1,
  type SignStripeV1Options,
  STRIPE_SIGNATURE_HEADER,
  signStripeV1,
  type VerifyStripeV1Options,
  verifyStripeV1,
} from "./stripe-v1.ts";
