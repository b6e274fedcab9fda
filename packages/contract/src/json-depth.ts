/** D105: the deepest nesting of arrays and objects any body may have, at the service and at every SDK endpoint. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether a body opens more than `limit` arrays or objects inside one another, counting brackets outside JSON
 * strings. One pass over the bytes, no parsing, so it runs before anything that recurses (JSON.stringify, zod). It
 * reads UTF-8 bytes directly: no multi-byte character contains an ASCII byte.
 */
export function exceedsJsonDepth(body: Uint8Array | string, limit = MAX_JSON_DEPTH): boolean {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  let depth = 0;
  let inString = false;
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at] as number;
    if (inString) {
      if (byte === BACKSLASH) at += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(byte) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}
