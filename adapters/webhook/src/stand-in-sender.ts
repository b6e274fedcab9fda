import { randomBytes } from "node:crypto";
import { signStandardWebhook } from "@adapterkit/sdk";

/** The answer a receiver gave one signed POST. */
export interface SentWebhook {
  readonly id: string;
  readonly status: number;
  readonly body: string;
}

/** The sending side of the webhook stand-in: a system that posts Standard Webhooks to an App's inbound URL. */
export interface WebhookSender {
  /** Posts a body signed with the stand-in's secret; `id` is the `webhook-id` (fresh when omitted), kept on retries. */
  post(url: string, body: string | Uint8Array, options?: { id?: string; secret?: string }): Promise<SentWebhook>;
}

/** A sender signing with Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). */
export function createWebhookSender(secret: string): WebhookSender {
  return {
    async post(url, body, options = {}) {
      const id = options.id ?? `msg_${randomBytes(12).toString("base64url")}`;
      const headers = signStandardWebhook({ secret: options.secret ?? secret, body, id });
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      return { id, status: response.status, body: await response.text() };
    },
  };
}
