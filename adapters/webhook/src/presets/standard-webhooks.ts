import { verifyStandardWebhook } from "@adapterkit/sdk";
import { checkSigningSecret } from "../signing-secret.ts";
import { headerOf, type Preset } from "./preset.ts";

/** Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), the sample's default. */
export const standardWebhooksPreset: Preset = {
  name: "standard-webhooks",
  verify: ({ credentials, headers, body }) =>
    verifyStandardWebhook({ secret: credentials.signing_secret.trim(), headers, body }),
  checkCredentials(credentials) {
    const secret = checkSigningSecret(credentials.signing_secret, "signing_secret");
    return secret.ok ? undefined : secret.error;
  },
  dedupKey: (input) => headerOf(input, "webhook-id"),
  eventType: () => undefined,
  sender: () => undefined,
  isBot: () => false,
  messagePaths: [],
};
