import { describe, expect, it } from "vitest";
import { DEFAULT_CATCH_UP_WINDOW_MS, resolveSchedulerOptions, schedulerOptionsFromEnv } from "./scheduler-options.ts";

describe("scheduler options", () => {
  it("defaults to a one-hour catch-up window and two transactions in flight on SQLite, four on PostgreSQL", () => {
    expect(resolveSchedulerOptions({}, "sqlite")).toMatchObject({
      catchUpWindowMs: DEFAULT_CATCH_UP_WINDOW_MS,
      concurrency: 2,
    });
    expect(DEFAULT_CATCH_UP_WINDOW_MS).toBe(3_600_000);
    expect(resolveSchedulerOptions({}, "postgres").concurrency).toBe(4);
  });

  it("refuses a catch-up window under a minute and a batch size under one", () => {
    expect(() => resolveSchedulerOptions({ catchUpWindowMs: 59_999 }, "sqlite")).toThrow(/catchUpWindowMs/);
    expect(() => resolveSchedulerOptions({ batchSize: 0 }, "sqlite")).toThrow(/batchSize/);
  });

  it("reads ADAPTERKIT_CATCH_UP_WINDOW in seconds", () => {
    expect(schedulerOptionsFromEnv("7200")).toEqual({ catchUpWindowMs: 7_200_000 });
    expect(schedulerOptionsFromEnv(undefined)).toBeUndefined();
    expect(schedulerOptionsFromEnv("")).toBeUndefined();
  });

  it.each([["1h"], ["30"], ["-60"], ["60.5"]])("refuses ADAPTERKIT_CATCH_UP_WINDOW=%s", (text) => {
    expect(() => schedulerOptionsFromEnv(text)).toThrow(/ADAPTERKIT_CATCH_UP_WINDOW/);
  });
});
