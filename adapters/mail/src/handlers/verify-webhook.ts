import { rawBodyOf, type VerifyWebhookHandler } from "@adapterkit/sdk";
import { mailGatewayScheme } from "../gateway-signature.ts";
import type { manifest } from "../manifest.ts";

/**
 * `/verify-webhook`: checks the gateway's HMAC signature over the exact body bytes; the SDK turns the
 * `SignatureError` of a failed check into `{ ok: false, error }` (D3).
 */
export const verifyWebhook: VerifyWebhookHandler<typeof manifest> = (envelope) => {
  // An empty key would let anyone sign; treat it as no secret at all.
  if (envelope.credentials.gateway_secret.trim() === "") {
    return { ok: false, error: "The credentials hold no gateway_secret, so no gateway request can be verified." };
  }
  mailGatewayScheme.verify({
    secret: envelope.credentials.gateway_secret,
    headers: envelope.headers,
    body: rawBodyOf(envelope),
  });
  return { ok: true };
};
