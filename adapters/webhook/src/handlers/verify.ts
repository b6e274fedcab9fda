import type { VerifyHandler } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { presetOf } from "../presets/preset-of.ts";
import { invalidPathField } from "../read-path.ts";
import { checkSigningSecret } from "../signing-secret.ts";

/**
 * `POST /verify`: a generic webhook has no platform to ask, so verify checks what can be checked offline: the
 * preset is known, its secret and fields are well-formed (a `whsec_` key for Standard Webhooks), the delivery
 * secret is a `whsec_` key, and every configured path is a JSON Pointer or a dotted path.
 */
export const verify: VerifyHandler<typeof webhookManifest> = ({ credentials }) => {
  const chosen = presetOf(credentials.preset);
  if (!chosen.ok) return chosen;
  const problem = chosen.preset.checkCredentials(credentials);
  if (problem !== undefined) return { ok: false, error: problem };
  if (chosen.preset.name !== "standard-webhooks") return verifyOtherPreset(credentials, chosen.preset.name);
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

function verifyOtherPreset(
  credentials: Parameters<VerifyHandler<typeof webhookManifest>>[0]["credentials"],
  name: string,
): { ok: true; user: string } | { ok: false; error: string } {
  const { delivery_signing_secret: deliverySecret } = credentials;
  const delivery = deliverySecret ? checkSigningSecret(deliverySecret, "delivery_signing_secret") : undefined;
  if (delivery && !delivery.ok) return delivery;
  const badPath = invalidPathField(credentials);
  if (badPath !== undefined) {
    return { ok: false, error: `${badPath} is neither a JSON Pointer (/a/b) nor a dotted path (a.b)` };
  }
  const deliveries = delivery
    ? `deliveries signed with a ${delivery.keyBytes}-byte Standard Webhooks key`
    : "no delivery signing secret, so it receives only";
  return { ok: true, user: `${name} webhook endpoint (${deliveries})` };
}
