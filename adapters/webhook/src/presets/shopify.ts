import { verifyShopifySha256 } from "@adapterkit/sdk";
import { checkTextSecret, headerOf, type Preset } from "./preset.ts";

/**
 * Shopify as it sends webhooks: `x-shopify-hmac-sha256` (base64) over the raw body, `x-shopify-topic` as the event
 * type, `x-shopify-webhook-id` (else `x-shopify-event-id`) kept across retries, the shop's domain as sender.
 */
export const shopifyPreset: Preset = {
  name: "shopify",
  verify: ({ credentials, headers, body }) =>
    verifyShopifySha256({ secret: credentials.signing_secret, headers, body }),
  checkCredentials: (credentials) => checkTextSecret(credentials, "Shopify app's client"),
  dedupKey: (input) => headerOf(input, "x-shopify-webhook-id") ?? headerOf(input, "x-shopify-event-id"),
  eventType: (input) => headerOf(input, "x-shopify-topic"),
  sender: (input) => headerOf(input, "x-shopify-shop-domain") ?? "shopify",
  isBot: () => false,
  messagePaths: [],
};
