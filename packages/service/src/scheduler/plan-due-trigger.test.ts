import { describe, expect, it } from "vitest";
import { MAX_MISSED_RECORDS, planDueTrigger } from "./plan-due-trigger.ts";

const HOUR = 3_600_000;
type Row = { cron: string; timezone: string; start_date: string | null; end_date: string | null };
const hourly: Row = { cron: "0 * * * *", timezone: "UTC", start_date: null, end_date: null };
const plan = (row: Row, slot: string, now: string) =>
  planDueTrigger(row, { slot, now: new Date(now), catchUpWindowMs: HOUR });
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("planDueTrigger", () => {
  it("fires the claimed slot and moves on to the following one", () => {
    const result = plan(hourly, "2025-01-06T09:00:00.000Z", "2025-01-06T09:00:00.400Z");
    expect(result).toMatchObject({ missed: [], dropped: 0, next: "2025-01-06T10:00:00.000Z" });
    expect(result.fire?.toISOString()).toBe("2025-01-06T09:00:00.000Z");
  });

  it("fires the latest slot after downtime, misses the earlier ones, and moves past now", () => {
    const result = plan(hourly, "2025-01-06T09:00:00.000Z", "2025-01-06T11:30:00.000Z");
    expect(result.fire?.toISOString()).toBe("2025-01-06T11:00:00.000Z");
    expect(iso(result.missed)).toEqual(["2025-01-06T09:00:00.000Z", "2025-01-06T10:00:00.000Z"]);
    expect(result.next).toBe("2025-01-06T12:00:00.000Z");
  });

  it("misses a lone slot older than the catch-up window", () => {
    const daily = { ...hourly, cron: "0 9 * * *" };
    const result = plan(daily, "2025-01-06T09:00:00.000Z", "2025-01-06T10:00:00.001Z");
    expect(result.fire).toBeNull();
    expect(iso(result.missed)).toEqual(["2025-01-06T09:00:00.000Z"]);
    expect(result.next).toBe("2025-01-07T09:00:00.000Z");
  });

  it("goes dormant after the end date's last slot", () => {
    const ending = { ...hourly, end_date: "2025-01-06T09:30:00Z" };
    const result = plan(ending, "2025-01-06T09:00:00.000Z", "2025-01-06T09:00:01.000Z");
    expect(result.fire?.toISOString()).toBe("2025-01-06T09:00:00.000Z");
    expect(result.next).toBeNull();
  });

  it("records at most MAX_MISSED_RECORDS missed slots, the latest ones, and counts the rest", () => {
    const everyMinute = { ...hourly, cron: "* * * * *" };
    const result = plan(everyMinute, "2025-01-05T00:00:00.000Z", "2025-01-06T00:00:00.000Z");
    expect(result.missed).toHaveLength(MAX_MISSED_RECORDS);
    expect(result.dropped).toBe(24 * 60 - MAX_MISSED_RECORDS);
    expect(result.missed.at(-1)?.toISOString()).toBe("2025-01-05T23:59:00.000Z");
    expect(result.fire?.toISOString()).toBe("2025-01-06T00:00:00.000Z");
  });

  it("plans nothing and goes dormant when the stored schedule cannot be read", () => {
    const broken = { ...hourly, timezone: "Mars/Olympus" };
    expect(plan(broken, "2025-01-06T09:00:00.000Z", "2025-01-06T09:00:01.000Z")).toMatchObject({
      fire: null,
      missed: [],
      next: null,
    });
  });
});
