import type { ParseInboundHandler } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { isOwnDelivery } from "../own-delivery.ts";
import { pickText } from "../pick-text.ts";

/** The event type of a payload that names none. */
export const DEFAULT_EVENT_TYPE = "webhook.received";
/** The sender of a payload that names none. */
export const DEFAULT_SENDER = "webhook";

const SENDER_PATHS = ["/sender", "/from", "/user", "/author"];
const MESSAGE_PATHS = ["/message", "/text", "/body", "/content"];
const EVENT_TYPE_PATHS = ["/type", "/event"];
const THREAD_PATHS = ["/thread_id"];

/**
 * `POST /parse-inbound`: any body becomes a message. JSON is read at the configured (or default) paths, and when
 * no message path matches, the whole body is the message; a body that is not JSON is the message as it came.
 * `dedup_key` is the `webhook-id`, which Standard Webhooks keeps across retries.
 */
export const parseInbound: ParseInboundHandler<typeof webhookManifest> = (request) => {
  const { credentials, headers, body } = request;
  const binary = request.body_encoding === "base64";
  const document = binary ? undefined : parseJson(body);
  const dedupKey = headers["webhook-id"]?.trim();
  const threadId = pickText(document, credentials.thread_id_path, THREAD_PATHS);
  const isStructured = typeof document === "object" && document !== null;
  return {
    event_type: pickText(document, credentials.event_type_path, EVENT_TYPE_PATHS) ?? DEFAULT_EVENT_TYPE,
    sender: pickText(document, credentials.sender_path, SENDER_PATHS) ?? DEFAULT_SENDER,
    message: pickText(document, credentials.message_path, MESSAGE_PATHS) ?? body,
    is_bot: isOwnDelivery(headers, document, credentials),
    ...(dedupKey ? { dedup_key: dedupKey } : {}),
    ...(threadId === undefined ? {} : { thread_id: threadId }),
    metadata: {
      ...(dedupKey ? { webhook_id: dedupKey } : {}),
      ...(isStructured ? { payload: document } : {}),
      ...(binary ? { body_encoding: "base64" } : {}),
    },
  };
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
