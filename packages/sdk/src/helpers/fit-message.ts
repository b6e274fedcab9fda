import { MESSAGE_LIMITS } from "@adapterkit/contract/adapter";

/** A message text cut to the contract's limit, and the length it had when it was cut. */
export interface FittedText {
  readonly text: string;
  /** The original length in characters, when the text was cut; undefined when it fit. */
  readonly cutFrom?: number;
}

/**
 * Cuts a message text to the contract's limit (contract.md#message-limits), never inside a surrogate pair, so an
 * adapter answers a long mail or payload with its beginning rather than with an answer the service refuses whole.
 * Put `cutFrom` in the message's metadata so a workflow can tell.
 *
 * @example fitMessageText("a".repeat(70_000)) // { text: "a".repeat(65_536), cutFrom: 70_000 }
 */
export function fitMessageText(text: string, limit: number = MESSAGE_LIMITS.message): FittedText {
  if (text.length <= limit) return { text };
  const end = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return { text: text.slice(0, end), cutFrom: text.length };
}

/** Whether a metadata value fits the contract's limit as JSON text (contract.md#message-limits). */
export function fitsMetadata(metadata: Readonly<Record<string, unknown>>): boolean {
  return JSON.stringify(metadata).length <= MESSAGE_LIMITS.metadata;
}
