/** Per-token limits: a sustained rate and a burst. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/** The default per-token limit: 50 requests a second sustained, bursts of 200. */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 50, burst: 200 };

/** A take from a bucket: allowed, or refused with the seconds until a token is available. */
export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/** A token-bucket limiter keyed by caller. */
export interface RateLimiter {
  take(key: string): RateDecision;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

// Bounds memory when many distinct keys arrive (for example guessed hook tokens): the oldest buckets go first.
const MAX_BUCKETS = 10_000;

/** Creates an in-memory token-bucket limiter; the clock is injectable for tests. */
export function createRateLimiter(limit: RateLimit, clock: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(key) {
      const now = clock();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, updatedAt: now };
      buckets.delete(key);
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.perSecond);
      bucket.updatedAt = now;
      buckets.set(key, bucket);
      if (buckets.size > MAX_BUCKETS) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond)) };
    },
  };
}
