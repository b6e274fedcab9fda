import type { VerifyHandler } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { invalidPathField } from "../read-path.ts";
import { checkSigningSecret } from "../signing-secret.ts";

/**
 * `POST /verify`: a generic webhook has no platform to ask, so verify checks what can be checked offline: the
 * secrets are well-formed `whsec_` keys and every configured path is a JSON Pointer or a dotted path.
 */
export const verify: VerifyHandler<typeof webhookManifest> = ({ credentials }) => {
  const inbound = checkSigningSecret(credentials.signing_secret, "signing_secret");
  if (!inbound.ok) return inbound;
  const { delivery_signing_secret: deliverySecret } = credentials;
  const delivery = deliverySecret ? checkSigningSecret(deliverySecret, "delivery_signing_secret") : undefined;
  if (delivery && !delivery.ok) return delivery;
  const badPath = invalidPathField(credentials);
  if (badPath !== undefined) {
    return { ok: false, error: `${badPath} is neither a JSON Pointer (/a/b) nor a dotted path (a.b)` };
  }
  const signing = delivery ? `a separate ${delivery.keyBytes}-byte key` : "the same key";
  return {
    ok: true,
    user: `Standard Webhooks endpoint (inbound key ${inbound.keyBytes} bytes; deliveries signed with ${signing})`,
  };
};
