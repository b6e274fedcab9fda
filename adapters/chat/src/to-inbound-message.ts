import { ignoredReason } from "./ignored-reason.ts";
import { isOwnMessage } from "./is-own-message.ts";
import { type SlackEvent, type SlackPayload, stringOf } from "./slack-event.ts";

/** The generic event type every chat message becomes, so a trigger can listen for it on any chat platform. */
export const MESSAGE_EVENT_TYPE = "message.received";

/**
 * The event type of an `app_mention`: Slack sends it beside the channel's `message` event for the same text, so it
 * is a type of its own and a `message.received` trigger does not run twice (D530).
 */
export const MENTION_EVENT_TYPE = "mention.received";

/** What an `event_callback` becomes: a normalized message, or the reason it carries none (D4). */
export type InboundMessage =
  | {
      event_type: string;
      sender: string;
      message: string;
      is_bot: boolean;
      dedup_key?: string;
      thread_id?: string;
      is_dm: boolean;
      metadata: Record<string, string>;
    }
  | { ignored: true; reason: string };

/**
 * Normalizes an `event_callback`: `message` events (plain, bot, file share, thread broadcast) become
 * `message.received` and `app_mention` events `mention.received`; anything else, and a message without a sender or
 * string text, is `{ ignored: true, reason }`. Text passes through raw.
 */
export function toInboundMessage(payload: SlackPayload, botUserId: string | undefined): InboundMessage {
  const event = payload.event;
  const type = stringOf(event?.type);
  if (event === undefined || type === undefined) return { ignored: true, reason: "event_callback without an event" };
  const reason = ignoredReason(type, stringOf(event.subtype));
  if (reason !== undefined) return { ignored: true, reason };
  if (event.hidden === true) return { ignored: true, reason: "hidden messages carry no new message" };
  // A message nobody can be named as sending, or without text, is not one a trigger could act on.
  const sender = stringOf(event.user) ?? stringOf(event.bot_id) ?? stringOf(event.username);
  if (sender === undefined) return { ignored: true, reason: "the message names no sender (user, bot_id or username)" };
  if (typeof event.text !== "string") return { ignored: true, reason: "the message carries no text" };
  const channel = stringOf(event.channel);
  const ts = stringOf(event.ts);
  const dedupKey = stringOf(payload.event_id) ?? (channel && ts ? `${channel}:${ts}` : undefined);
  const threadId = stringOf(event.thread_ts);
  return {
    event_type: type === "app_mention" ? MENTION_EVENT_TYPE : MESSAGE_EVENT_TYPE,
    sender,
    message: event.text,
    is_bot: isOwnMessage(payload, event, botUserId),
    ...(dedupKey === undefined ? {} : { dedup_key: dedupKey }),
    ...(threadId === undefined ? {} : { thread_id: threadId }),
    is_dm: event.channel_type === "im",
    metadata: metadataOf(payload, {
      channel,
      ts,
      channel_type: event.channel_type,
      subtype: event.subtype,
      file_ids: fileIdsOf(event),
    }),
  };
}

/** A `file_share`'s files as their ids, comma-separated (Slack ids hold no comma), so a workflow can fetch them. */
function fileIdsOf(event: SlackEvent): string | undefined {
  if (!Array.isArray(event.files)) return undefined;
  const ids = event.files.flatMap((file: unknown) => {
    const id = typeof file === "object" && file !== null ? stringOf((file as Record<string, unknown>).id) : undefined;
    return id === undefined ? [] : [id];
  });
  return ids.length === 0 ? undefined : ids.join(",");
}

function metadataOf(payload: SlackPayload, fields: Record<string, unknown>): Record<string, string> {
  const all = { ...fields, team_id: payload.team_id, api_app_id: payload.api_app_id };
  return Object.fromEntries(
    Object.entries(all).flatMap(([key, value]) => (stringOf(value) === undefined ? [] : [[key, value as string]])),
  );
}
