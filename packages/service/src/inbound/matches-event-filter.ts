import type { EventFilter, NormalizedMessage } from "@adapterkit/contract";

function oneOf(wanted: string | readonly string[], actual: string): boolean {
  return typeof wanted === "string" ? wanted === actual : wanted.includes(actual);
}

/** A metadata value as a filter compares it: strings, numbers and booleans by their text; nothing else matches. */
function metadataText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/**
 * D26: whether a message passes an app-event trigger's filter: every given condition holds (AND), compared as
 * plain text, never as a pattern. `message_contains` ignores case (D158); a missing `is_dm` counts as false.
 */
export function matchesEventFilter(filter: EventFilter | null, message: NormalizedMessage): boolean {
  if (filter === null) return true;
  if (filter.sender !== undefined && !oneOf(filter.sender, message.sender)) return false;
  if (filter.is_dm !== undefined && filter.is_dm !== (message.is_dm ?? false)) return false;
  if (filter.thread_id !== undefined && filter.thread_id !== message.thread_id) return false;
  if (
    filter.message_contains !== undefined &&
    !message.message.toLowerCase().includes(filter.message_contains.toLowerCase())
  ) {
    return false;
  }
  for (const [key, wanted] of Object.entries(filter.metadata ?? {})) {
    const actual = Object.hasOwn(message.metadata ?? {}, key) ? metadataText(message.metadata?.[key]) : undefined;
    if (actual === undefined || !oneOf(wanted, actual)) return false;
  }
  return true;
}
