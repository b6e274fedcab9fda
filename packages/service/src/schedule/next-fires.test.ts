import { describe, expect, it } from "vitest";
import { nextFireAfter, nextFires } from "./next-fires.ts";
import { parseCron } from "./parse-cron.ts";

function cron(expression: string) {
  const result = parseCron(expression);
  if (!result.ok) throw new Error(result.message);
  return result.cron;
}

function fires(expression: string, after: string, count: number, timezone = "UTC"): string[] {
  return nextFires(cron(expression), { timezone, after: new Date(after), count }).map((date) => date.toISOString());
}

describe("nextFires", () => {
  it("lists fire times strictly after the given instant, ascending", () => {
    expect(fires("*/15 * * * *", "2026-01-10T10:15:00Z", 3)).toEqual([
      "2026-01-10T10:30:00.000Z",
      "2026-01-10T10:45:00.000Z",
      "2026-01-10T11:00:00.000Z",
    ]);
  });

  it("returns nothing for a count below one", () => {
    expect(fires("* * * * *", "2026-01-10T10:00:00Z", 0)).toEqual([]);
  });

  it("fires on a day matching either day of month or day of week when both are restricted", () => {
    // 1 February and 1 March 2026 are Sundays; the rest are Mondays.
    expect(fires("0 0 1 * 1", "2026-01-31T00:00:00Z", 7)).toEqual([
      "2026-02-01T00:00:00.000Z",
      "2026-02-02T00:00:00.000Z",
      "2026-02-09T00:00:00.000Z",
      "2026-02-16T00:00:00.000Z",
      "2026-02-23T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
    ]);
  });

  it("fires only on the restricted day field when the other is *", () => {
    expect(fires("0 0 1 * *", "2026-01-31T00:00:00Z", 2)).toEqual([
      "2026-02-01T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
    ]);
    expect(fires("0 0 * * 1", "2026-01-31T00:00:00Z", 2)).toEqual([
      "2026-02-02T00:00:00.000Z",
      "2026-02-09T00:00:00.000Z",
    ]);
  });

  it("counts a step in day of week as a restriction, so either day field matches", () => {
    // */3 is Sunday, Wednesday, Saturday; the 10th of February 2026 is a Tuesday.
    expect(fires("0 0 10 2 */3", "2026-02-06T00:00:00Z", 4)).toEqual([
      "2026-02-07T00:00:00.000Z",
      "2026-02-08T00:00:00.000Z",
      "2026-02-10T00:00:00.000Z",
      "2026-02-11T00:00:00.000Z",
    ]);
  });

  it("fires on Sundays for both 0 and 7", () => {
    const sundays = ["2026-03-01T12:00:00.000Z", "2026-03-08T12:00:00.000Z", "2026-03-15T12:00:00.000Z"];
    expect(fires("0 12 * * 7", "2026-02-28T00:00:00Z", 3)).toEqual(sundays);
    expect(fires("0 12 * * 0", "2026-02-28T00:00:00Z", 3)).toEqual(sundays);
  });

  it("finds 29 February in leap years only", () => {
    expect(fires("0 0 29 2 *", "2026-01-01T00:00:00Z", 3)).toEqual([
      "2028-02-29T00:00:00.000Z",
      "2032-02-29T00:00:00.000Z",
      "2036-02-29T00:00:00.000Z",
    ]);
  });

  it("crosses the eight-year gap around 2100 for 29 February without hanging", () => {
    expect(fires("0 0 29 2 *", "2096-03-01T00:00:00Z", 1)).toEqual(["2104-02-29T00:00:00.000Z"]);
  });

  it("returns up to 100 fire times for a schedule that fires every four years", () => {
    const result = fires("0 0 29 2 *", "2026-01-01T00:00:00Z", 100);
    expect(result).toHaveLength(100);
    // 18 leap days 2028–2096, 24 in each of the next three centuries, 2400, then 2404…2436.
    expect(result.at(-1)).toBe("2436-02-29T00:00:00.000Z");
  });

  it("keeps fire times inside an inclusive start and end window", () => {
    const result = nextFires(cron("0 9 * * *"), {
      timezone: "UTC",
      after: new Date("2026-01-01T00:00:00Z"),
      count: 5,
      startDate: new Date("2026-01-10T09:00:00Z"),
      endDate: new Date("2026-01-12T09:00:00Z"),
    });
    expect(result.map((date) => date.toISOString())).toEqual([
      "2026-01-10T09:00:00.000Z",
      "2026-01-11T09:00:00.000Z",
      "2026-01-12T09:00:00.000Z",
    ]);
  });

  it("returns nothing when the window has ended", () => {
    const options = { timezone: "UTC", after: new Date("2026-02-01T00:00:00Z"), count: 5 };
    expect(nextFires(cron("0 9 * * *"), { ...options, endDate: new Date("2026-01-31T23:59:59Z") })).toEqual([]);
  });

  it("gives the next fire after an instant, or null outside the window", () => {
    const spec = cron("0 9 * * *");
    const after = new Date("2026-01-01T09:00:00Z");
    expect(nextFireAfter(spec, { timezone: "UTC", after })?.toISOString()).toBe("2026-01-02T09:00:00.000Z");
    expect(nextFireAfter(spec, { timezone: "UTC", after, endDate: new Date("2026-01-02T08:59:59Z") })).toBeNull();
  });

  it("never repeats an instant when chained through its own results", () => {
    const spec = cron("30 * * * *");
    const chain: string[] = [];
    let after = new Date("2026-10-31T23:00:00Z");
    for (let step = 0; step < 8; step += 1) {
      const next = nextFireAfter(spec, { timezone: "America/New_York", after });
      if (!next) throw new Error("expected a next fire");
      chain.push(next.toISOString());
      after = next;
    }
    expect(new Set(chain).size).toBe(chain.length);
    expect(chain).toEqual([...chain].sort());
  });

  it("returns nothing rather than looping for an invalid instant", () => {
    expect(nextFires(cron("* * * * *"), { timezone: "UTC", after: new Date(Number.NaN), count: 3 })).toEqual([]);
  });
});
