import { defineAdapter } from "@adapterkit/sdk";
import { deliver } from "./handlers/deliver.ts";
import { format } from "./handlers/format.ts";
import { parseInbound } from "./handlers/parse-inbound.ts";
import { verify } from "./handlers/verify.ts";
import { verifyWebhook } from "./handlers/verify-webhook.ts";
import { webhookManifest } from "./manifest.ts";

/**
 * The generic webhook adapter, ready for `serve()` or `mountAdapters()`.
 * @example await serve(webhookAdapter, { port: 3100 });
 */
export const webhookAdapter = defineAdapter({
  manifest: webhookManifest,
  verify,
  verifyWebhook,
  parseInbound,
  deliver,
  format,
});

export { BOT_MARKER_FIELD } from "./own-delivery.ts";
export {
  type ReceivedDelivery,
  startWebhookStandIn,
  type WebhookStandIn,
  type WebhookStandInOptions,
} from "./stand-in.ts";
export { createWebhookSender, type SentWebhook, type WebhookSender } from "./stand-in-sender.ts";
export { webhookManifest };
