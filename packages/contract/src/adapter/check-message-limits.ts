import { MESSAGE_LIMITS, type NormalizedMessage } from "./inbound.ts";

/** A message within the limits, or the first field over its limit. */
export type MessageLimitsResult =
  | { readonly ok: true; readonly value: NormalizedMessage }
  | { readonly ok: false; readonly field: keyof typeof MESSAGE_LIMITS; readonly error: string };

const STRING_FIELDS = ["event_type", "sender", "dedup_key", "thread_id", "message"] as const;

/**
 * Checks an adapter's message against {@link MESSAGE_LIMITS} and keeps only the fields the contract names, so a key
 * an adapter adds (an `installation_id`, say) never travels further. `challenge_response` is a handshake's, not a
 * message's, and is dropped too.
 *
 * @example checkMessageLimits({ sender: "U1", message: "hi", is_bot: false, extra: 1 }) // ok, without `extra`
 */
export function checkMessageLimits(message: NormalizedMessage): MessageLimitsResult {
  for (const field of STRING_FIELDS) {
    const value = message[field];
    if (typeof value === "string" && value.length > MESSAGE_LIMITS[field]) {
      return { ok: false, field, error: overLimit(field, value.length) };
    }
  }
  if (message.metadata !== undefined) {
    const length = JSON.stringify(message.metadata).length;
    if (length > MESSAGE_LIMITS.metadata) return { ok: false, field: "metadata", error: overLimit("metadata", length) };
  }
  const { event_type, sender, message: text, is_bot, dedup_key, thread_id, is_dm, metadata } = message;
  return {
    ok: true,
    value: {
      sender,
      message: text,
      is_bot,
      ...(event_type === undefined ? {} : { event_type }),
      ...(dedup_key === undefined ? {} : { dedup_key }),
      ...(thread_id === undefined ? {} : { thread_id }),
      ...(is_dm === undefined ? {} : { is_dm }),
      ...(metadata === undefined ? {} : { metadata }),
    },
  };
}

function overLimit(field: keyof typeof MESSAGE_LIMITS, length: number): string {
  const unit = field === "metadata" ? "characters of JSON" : "characters";
  return `${field}: ${length} ${unit}, over the contract's limit of ${MESSAGE_LIMITS[field]}`;
}
