import { rawBodyOf, SignatureError, type VerifyWebhookHandler } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { presetOf } from "../presets/preset-of.ts";

/**
 * `POST /verify-webhook`: checks the signature of the configured preset over the exact body bytes with
 * `signing_secret`: Standard Webhooks by default (five minutes either way), else GitHub's, Stripe's, Shopify's or
 * the configured generic HMAC.
 */
export const verifyWebhook: VerifyWebhookHandler<typeof webhookManifest> = (envelope) => {
  const { credentials } = envelope;
  const chosen = presetOf(credentials.preset);
  if (!chosen.ok) return chosen;
  const problem = chosen.preset.checkCredentials(credentials);
  if (problem !== undefined) return { ok: false, error: problem };
  try {
    chosen.preset.verify({ credentials, headers: envelope.headers, body: rawBodyOf(envelope) });
    return { ok: true };
  } catch (error) {
    if (error instanceof SignatureError) return { ok: false, error: `${error.code}: ${error.message}` };
    throw error;
  }
};
