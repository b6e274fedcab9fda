import { describe, expect, it } from "vitest";
import { CALLBACK_RETRY_DELAYS_MS, nextAttemptAt } from "./retry-schedule.ts";

const failedAt = new Date("2030-01-01T00:00:00.000Z");
const after = (attempts: number) => {
  const next = nextAttemptAt(attempts, failedAt);
  return next === null ? null : (next.getTime() - failedAt.getTime()) / 1000;
};

describe("nextAttemptAt", () => {
  it("waits 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h and 6 h after the first eight failures (D25)", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(after)).toEqual([5, 30, 120, 600, 1800, 3600, 10_800, 21_600]);
  });

  it("gives up after the ninth attempt (dead letter)", () => {
    expect(after(9)).toBeNull();
    expect(after(10)).toBeNull();
    expect(CALLBACK_RETRY_DELAYS_MS).toHaveLength(8);
  });

  it("follows a schedule it is given", () => {
    expect(nextAttemptAt(1, failedAt, [1000])?.toISOString()).toBe("2030-01-01T00:00:01.000Z");
    expect(nextAttemptAt(2, failedAt, [1000])).toBeNull();
  });
});
