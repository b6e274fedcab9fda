import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter.ts";

describe("rate limiter", () => {
  it("allows a burst, then refuses with the seconds until the next request fits", () => {
    let now = 0;
    const limiter = createRateLimiter({ perSecond: 2, burst: 3 }, () => now);
    expect([1, 2, 3].map(() => limiter.take("a").ok)).toEqual([true, true, true]);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 500;
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
  });

  it("keeps one bucket per key", () => {
    const limiter = createRateLimiter({ perSecond: 1, burst: 1 }, () => 0);
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
    expect(limiter.take("b").ok).toBe(true);
  });

  it("never refills past the burst", () => {
    let now = 0;
    const limiter = createRateLimiter({ perSecond: 10, burst: 2 }, () => now);
    now = 60_000;
    expect([1, 2, 3].map(() => limiter.take("a").ok)).toEqual([true, true, false]);
  });

  it("peeks without taking", () => {
    let now = 0;
    const limiter = createRateLimiter({ perSecond: 1, burst: 1 }, () => now);
    expect(limiter.peek("a").ok).toBe(true);
    expect(limiter.peek("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.peek("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 1000;
    expect(limiter.peek("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(true);
  });
});
