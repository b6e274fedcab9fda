import type { NormalizedMessage } from "@adapterkit/contract";

const LONE_SURROGATE = /\p{Surrogate}/gu;

/** The text with each lone surrogate, which has no UTF-8, as U+FFFD: what either store gives back for it. */
export function toWellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

/**
 * Text as a database column holds it: PostgreSQL's text refuses NUL, so each becomes U+FFFD (D162), and so does a
 * lone surrogate (toWellFormed). Text compared with what a column gives back (a dedup key, D640) then compares equal.
 */
export function toStorableText(text: string): string {
  return toWellFormed(text.replaceAll("\u0000", "\uFFFD"));
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
