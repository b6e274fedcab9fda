/** Per-token limits: a sustained rate and a burst. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/** The default per-token limit: 50 requests a second sustained, bursts of 200. */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 50, burst: 200 };

/** A take from a bucket: allowed, or refused with the seconds until a token is available. */
export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/**
 * D292: failed portal sign-ins per client: ten in a row, then one more every ten seconds (a guesser gets 8,640 a
 * day instead of thousands a second; a person who mistyped waits seconds).
 */
export const SIGN_IN_FAILURE_LIMIT: RateLimit = { perSecond: 0.1, burst: 10 };

/** A token-bucket limiter keyed by caller. */
export interface RateLimiter {
  /** Takes one token from the key's bucket, or says how long until one is there. */
  take(key: string): RateDecision;
  /** What `take` would decide now, without taking (to refuse before the work whose failure costs a token). */
  peek(key: string): RateDecision;
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
  const refill = (bucket: Bucket, now: number) =>
    Math.min(limit.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.perSecond);
  const decide = (tokens: number): RateDecision =>
    tokens >= 1
      ? { ok: true }
      : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / limit.perSecond)) };
  return {
    take(key) {
      const now = clock();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, updatedAt: now };
      buckets.delete(key);
      bucket.tokens = refill(bucket, now);
      bucket.updatedAt = now;
      buckets.set(key, bucket);
      if (buckets.size > MAX_BUCKETS) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      const decision = decide(bucket.tokens);
      if (decision.ok) bucket.tokens -= 1;
      return decision;
    },
    peek(key) {
      const bucket = buckets.get(key);
      return bucket === undefined ? decide(limit.burst) : decide(refill(bucket, clock()));
    },
  };
}
