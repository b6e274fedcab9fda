import { createHash } from "node:crypto";

/** Bounds of the `/deliver` idempotency cache (D174). */
export interface IdempotencyOptions {
  /** How long a delivered answer is replayed for a repeated key; default 24 h (past D25's retry ladder). */
  ttlMs?: number;
  /** Most answers kept; the oldest go first; default 10 000. */
  maxEntries?: number;
}

/** A first answer, settled or in flight, kept for a repeat of the same key and body. */
export interface IdempotencyCache {
  /** Runs `call` once per key: a repeat while it runs, or after it delivered, gets the same answer. */
  run<T>(key: string, call: () => Promise<T>, keep: (answer: T) => boolean): Promise<T>;
  readonly size: number;
}

/** The cache key: the adapter, the caller's organization, the `Idempotency-Key` and the body's hash. */
export function idempotencyKeyOf(parts: readonly (string | undefined)[], body: Buffer): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part ?? ""}\0`);
  return hash.update(body).digest("base64url");
}

/**
 * D174: a bounded, time-limited in-memory map from key to the first call's promise. A call still running is shared
 * (the service retried while the platform was answering); a settled one is kept for `ttlMs` only when `keep` says
 * so (delivered), else forgotten so a retry tries again. Beyond `maxEntries` the oldest entry is dropped.
 */
export function createIdempotencyCache(
  options: IdempotencyOptions = {},
  now: () => number = Date.now,
): IdempotencyCache {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  if (!(ttlMs > 0) || !Number.isInteger(maxEntries) || maxEntries <= 0) {
    throw new RangeError("idempotency ttlMs and maxEntries must be positive");
  }
  const entries = new Map<string, { promise: Promise<unknown>; expiresAt: number }>();
  const prune = () => {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt > time && entries.size <= maxEntries) break;
      entries.delete(key);
    }
  };
  return {
    run<T>(key: string, call: () => Promise<T>, keep: (answer: T) => boolean): Promise<T> {
      prune();
      const found = entries.get(key);
      if (found !== undefined) return found.promise as Promise<T>;
      const promise = call();
      const entry = { promise, expiresAt: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      const settle = (kept: boolean) => {
        if (entries.get(key) !== entry) return;
        if (kept) entry.expiresAt = now() + ttlMs;
        else entries.delete(key);
      };
      promise.then(
        (answer) => settle(keep(answer)),
        () => settle(false),
      );
      prune();
      return promise;
    },
    get size() {
      return entries.size;
    },
  };
}
