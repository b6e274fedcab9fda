import { ATTEMPT_EXCERPT_BYTES } from "@adapterkit/contract";
import { toStorableText } from "../store/to-storable-message.ts";
import { redactSecrets } from "./redact-secrets.ts";

/** A response excerpt as an attempt record keeps it. */
export interface ResponseExcerpt {
  readonly excerpt: string | null;
  readonly truncated: boolean;
}

/**
 * D511: the first 1 KiB of an answer as text (a character cut in half dropped), secrets redacted, storable on both
 * stores; null for an empty answer. `truncated` says the answer was longer, counted before redaction.
 */
export function toResponseExcerpt(body: Uint8Array | string | null, limit = ATTEMPT_EXCERPT_BYTES): ResponseExcerpt {
  if (body === null || body.length === 0) return { excerpt: null, truncated: false };
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
  const truncated = bytes.length > limit;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, limit)).replace(/\uFFFD+$/, "");
  return { excerpt: toStorableText(redactSecrets(text)), truncated };
}
