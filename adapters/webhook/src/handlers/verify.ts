import type { VerifyHandler } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { isValidPath } from "../read-path.ts";
import { checkSigningSecret } from "../signing-secret.ts";

const PATH_FIELDS = ["sender_path", "message_path", "event_type_path", "thread_id_path"] as const;

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
  for (const field of PATH_FIELDS) {
    const path = credentials[field];
    if (path && !isValidPath(path))
      return { ok: false, error: `${field} is neither a JSON Pointer (/a/b) nor a dotted path (a.b)` };
  }
  const signing = delivery ? `a separate ${delivery.keyBytes}-byte key` : "the same key";
  return {
    ok: true,
    user: `Standard Webhooks endpoint (inbound key ${inbound.keyBytes} bytes; deliveries signed with ${signing})`,
  };
};
