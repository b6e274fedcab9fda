import { decryptSecret, encryptSecret, type SealingKey } from "../auth/secret-box.ts";

// Binds the ciphertext to its purpose, so a sealed webhook token cannot be passed off as another secret.
const CONTEXT = "adapterkit:webhook-token";

/** D15: the webhook token as kept at rest, encrypted only so the trigger can show its URL again. */
export function sealWebhookToken(key: SealingKey, token: string): string {
  return encryptSecret(key, token, CONTEXT);
}

/** Recovers a webhook token from its sealed form. */
export function unsealWebhookToken(key: SealingKey, sealed: string): string {
  return decryptSecret(key, sealed, CONTEXT);
}

/** The public URL of a webhook trigger. */
export function toWebhookUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/v1/hooks/${token}`;
}
