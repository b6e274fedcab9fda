import { createSecretKey, type KeyObject } from "node:crypto";

/** How many keys a cache holds before it starts afresh: far more than one process signs with at once. */
const MAX_KEYS = 1024;

/**
 * A cache of HMAC keys as `KeyObject`s, by the text each was decoded from. Node computes an HMAC about three times
 * faster under a KeyObject than under the same bytes (D415), and a service signs every adapter call with one of a
 * few secrets. `decode` turns the text into the key's bytes and may throw, which is passed on and caches nothing.
 *
 * @example const keyOf = keyObjectCache((text) => Buffer.from(text, "utf8")); createHmac("sha256", keyOf("s3cret"));
 */
export function keyObjectCache(decode: (text: string) => Uint8Array): (text: string) => KeyObject {
  const keys = new Map<string, KeyObject>();
  return (text) => {
    let key = keys.get(text);
    if (key === undefined) {
      key = createSecretKey(decode(text));
      if (keys.size >= MAX_KEYS) keys.clear();
      keys.set(text, key);
    }
    return key;
  };
}
