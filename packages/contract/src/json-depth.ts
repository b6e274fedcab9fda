/** D105: the deepest nesting of arrays and objects any body may have, at the service and at every SDK endpoint. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether a body opens more than `limit` arrays or objects inside one another, counting brackets outside JSON
 * strings. One pass, no parsing, so it runs before anything that recurses (JSON.stringify, zod). It reads UTF-8
 * bytes directly (no multi-byte character contains an ASCII byte), and a string by its UTF-16 code units, where the
 * syntax is the same ASCII: nothing is encoded or copied first (D601).
 */
export function exceedsJsonDepth(body: Uint8Array | string, limit = MAX_JSON_DEPTH): boolean {
  // Each level opens with a character of its own, so a body no longer than the limit cannot pass it.
  if (body.length <= limit) return false;
  return typeof body === "string" ? textExceeds(body, limit) : bytesExceed(body, limit);
}

// The same loop twice, over bytes and over code units: one loop reading either through a callback costs more than
// the whole check (each form stays monomorphic this way). A string's content is skipped by an inner loop that looks
// for its closing quote and escapes only (D612).
function bytesExceed(bytes: Uint8Array, limit: number): boolean {
  const end = bytes.length;
  let depth = 0;
  for (let at = 0; at < end; at += 1) {
    const unit = bytes[at] as number;
    if (unit === QUOTE) {
      for (at += 1; at < end; at += 1) {
        const inside = bytes[at] as number;
        if (inside === QUOTE) break;
        if (inside === BACKSLASH) at += 1;
      }
    } else if (unit === OPEN_ARRAY || unit === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if ((unit === CLOSE_ARRAY || unit === CLOSE_OBJECT) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}

function textExceeds(text: string, limit: number): boolean {
  const end = text.length;
  let depth = 0;
  for (let at = 0; at < end; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit === QUOTE) {
      for (at += 1; at < end; at += 1) {
        const inside = text.charCodeAt(at);
        if (inside === QUOTE) break;
        if (inside === BACKSLASH) at += 1;
      }
    } else if (unit === OPEN_ARRAY || unit === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if ((unit === CLOSE_ARRAY || unit === CLOSE_OBJECT) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}
