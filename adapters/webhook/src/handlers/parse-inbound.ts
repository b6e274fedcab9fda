import { AdapterHttpError, fitMessageText, fitsMetadata, type ParseInboundHandler } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";
import { nestsDeeperThan } from "../nests-deeper-than.ts";
import { isOwnDelivery } from "../own-delivery.ts";
import { pickText } from "../pick-text.ts";
import { presetOf } from "../presets/preset-of.ts";
import { invalidPathField } from "../read-path.ts";

/** The event type of a payload that names none. */
export const DEFAULT_EVENT_TYPE = "webhook.received";
/** The sender of a payload that names none. */
export const DEFAULT_SENDER = "webhook";

const SENDER_PATHS = ["/sender", "/from", "/user", "/author"];
const MESSAGE_PATHS = ["/message", "/text", "/body", "/content"];
const EVENT_TYPE_PATHS = ["/type", "/event"];
const THREAD_PATHS = ["/thread_id"];
/**
 * Deepest JSON copied into `metadata.payload`. Deeper documents stay whole in `message` (the raw body), but a copy
 * in metadata would have to be re-serialised here and by the service, and a 200 KB body of 100,000 brackets
 * overflows the stack of any recursive serialiser.
 */
export const MAX_PAYLOAD_DEPTH = 64;

/**
 * `POST /parse-inbound`: any body becomes a message. JSON is read at the configured (or default) paths, and when
 * no message path matches, the whole body is the message; a body that is not JSON is the message as it came.
 * The preset (Standard Webhooks by default, or GitHub, Stripe, Shopify, a generic HMAC) gives the dedup key its
 * sender keeps across retries, and the event type, sender and bot flag where it names them; a configured path still
 * wins over the preset. JSON nested deeper than
 * {@link MAX_PAYLOAD_DEPTH} is left out of `metadata.payload` (`metadata.payload_omitted` says why). A configured
 * path that cannot be read is 400 naming its credential field, rather than silently matching nothing.
 */
export const parseInbound: ParseInboundHandler<typeof webhookManifest> = (request) => {
  const { credentials, headers, body } = request;
  const badPath = invalidPathField(credentials);
  if (badPath !== undefined) {
    const message = `${badPath} is neither a JSON Pointer (/a/b) nor a dotted path (a.b)`;
    throw new AdapterHttpError("invalid_request", message, { issues: [{ path: `/credentials/${badPath}`, message }] });
  }
  const chosen = presetOf(credentials.preset);
  if (!chosen.ok) {
    throw new AdapterHttpError("invalid_request", chosen.error, {
      issues: [{ path: "/credentials/preset", message: chosen.error }],
    });
  }
  const { preset } = chosen;
  const binary = request.body_encoding === "base64";
  const document = binary ? undefined : parseJson(body);
  const input = { headers, document, credentials };
  const dedupKey = preset.dedupKey(input);
  const threadId = pickText(document, credentials.thread_id_path, THREAD_PATHS);
  const isStructured = typeof document === "object" && document !== null;
  const tooDeep = isStructured && nestsDeeperThan(document, MAX_PAYLOAD_DEPTH);
  // A text or a payload past the contract's limits is cut or left out, and the metadata says so.
  const message = fitMessageText(
    pickText(document, credentials.message_path, [...preset.messagePaths, ...MESSAGE_PATHS]) ?? body,
  );
  const tooLarge = isStructured && !tooDeep && !fitsMetadata({ payload: document });
  return {
    // An empty type names none: the contract wants a non-empty event_type, so it is the default's too.
    event_type:
      (credentials.event_type_path ? undefined : preset.eventType(input)) ||
      pickText(document, credentials.event_type_path, EVENT_TYPE_PATHS) ||
      DEFAULT_EVENT_TYPE,
    sender:
      (credentials.sender_path ? undefined : preset.sender(input)) ??
      pickText(document, credentials.sender_path, SENDER_PATHS) ??
      DEFAULT_SENDER,
    message: message.text,
    is_bot: isOwnDelivery(headers, document, credentials) || preset.isBot(input),
    ...(dedupKey ? { dedup_key: dedupKey } : {}),
    ...(threadId === undefined ? {} : { thread_id: threadId }),
    metadata: {
      ...(dedupKey ? { webhook_id: dedupKey } : {}),
      ...(preset.name === "standard-webhooks" ? {} : { preset: preset.name }),
      ...(isStructured && !tooDeep && !tooLarge ? { payload: document } : {}),
      ...(tooDeep ? { payload_omitted: `the JSON is nested deeper than ${MAX_PAYLOAD_DEPTH} levels` } : {}),
      ...(tooLarge ? { payload_omitted: "the JSON is larger than the contract's metadata limit" } : {}),
      ...(message.cutFrom === undefined ? {} : { message_cut_from: message.cutFrom }),
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
