import { rawBodyOf, SignatureError, type VerifyWebhookHandler, verifyStandardWebhook } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { checkSigningSecret } from "../signing-secret.ts";

/**
 * `POST /verify-webhook`: checks the Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) over the exact body bytes with `signing_secret`, within five minutes either way.
 */
export const verifyWebhook: VerifyWebhookHandler<typeof webhookManifest> = (envelope) => {
  const secret = checkSigningSecret(envelope.credentials.signing_secret, "signing_secret");
  if (!secret.ok) return secret;
  try {
    verifyStandardWebhook({ secret: secret.secret, headers: envelope.headers, body: rawBodyOf(envelope) });
    return { ok: true };
  } catch (error) {
    if (error instanceof SignatureError) return { ok: false, error: `${error.code}: ${error.message}` };
    throw error;
  }
};
