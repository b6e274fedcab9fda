import { defineAdapter } from "@adapterkit/sdk";
import { deliver } from "./handlers/deliver.ts";
import { format } from "./handlers/format.ts";
import { parseInbound } from "./handlers/parse-inbound.ts";
import { verify } from "./handlers/verify.ts";
import { verifyWebhook } from "./handlers/verify-webhook.ts";
import { chatManifest, DEFAULT_API_BASE_URL } from "./manifest.ts";

/**
 * The Slack-compatible chat adapter, ready for `serve()` or `mountAdapters()`.
 * @example await serve(chatAdapter, { port: 3100 });
 */
export const chatAdapter = defineAdapter({
  manifest: chatManifest,
  verify,
  verifyWebhook,
  parseInbound,
  deliver,
  format,
});

export {
  type ChatStandIn,
  type ChatStandInOptions,
  type PostedMessage,
  STAND_IN_MESSAGES_PATH,
  startChatStandIn,
} from "./stand-in.ts";
export type { EventDelivery, HumanMessage, StandInEvents } from "./stand-in-events.ts";
export { chatManifest, DEFAULT_API_BASE_URL };
