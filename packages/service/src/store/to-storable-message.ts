import type { NormalizedMessage } from "@adapterkit/contract";

/** Text as a database column can hold it: PostgreSQL's text refuses NUL, so each becomes U+FFFD (D162). */
export function toStorableText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD");
}

/**
 * The message with every field that is stored in a column of its own made storable (D162); metadata is stored as
 * JSON, whose escapes carry a NUL as it is. The same delivery always maps to the same dedup key.
 */
export function toStorableMessage(message: NormalizedMessage): NormalizedMessage {
  const { event_type, sender, dedup_key, thread_id } = message;
  return {
    ...message,
    sender: toStorableText(sender),
    ...(event_type === undefined ? {} : { event_type: toStorableText(event_type) }),
    ...(dedup_key === undefined ? {} : { dedup_key: toStorableText(dedup_key) }),
    ...(thread_id === undefined ? {} : { thread_id: toStorableText(thread_id) }),
  };
}
