import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cachedOffsetCount, exactZoneOffset, MAX_CACHED_OFFSETS, zoneOffset } from "./zone-offset.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Transitions at odd UTC minutes (Lord Howe's half-hour shift, Chatham's :45), at local midnight (Havana,
// Santiago), skipped days (Apia), negative summer time (Dublin) and frequent flips (Casablanca).
const ZONES = [
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "America/Havana",
  "America/Santiago",
  "Pacific/Apia",
  "Europe/Dublin",
  "Africa/Casablanca",
  "America/St_Johns",
  "Antarctica/Troll",
  "America/New_York",
  "Europe/Berlin",
  "Australia/Sydney",
];

/** Every day of 2020–2030 whose offset at its end differs from its start: the days that hold a transition. */
function transitionDays(timezone: string): number[] {
  const days: number[] = [];
  let previous = exactZoneOffset(timezone, Date.UTC(2020, 0, 1));
  for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2031, 0, 1); day += DAY) {
    const next = exactZoneOffset(timezone, day + DAY);
    if (next !== previous) days.push(day);
    previous = next;
  }
  return days;
}

describe("zoneOffset", () => {
  it.each(ZONES)("agrees with the tz data minute by minute around every 2020–2030 transition in %s", (timezone) => {
    const days = transitionDays(timezone);
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      for (let instant = day - HOUR; instant <= day + DAY + HOUR; instant += 5 * MINUTE) {
        expect([timezone, instant, zoneOffset(timezone, instant)]).toEqual([
          timezone,
          instant,
          exactZoneOffset(timezone, instant),
        ]);
      }
    }
  });

  it("gives each side of Lord Howe's half-hour transition its own offset inside one UTC hour", () => {
    const transition = Date.parse("2025-10-04T15:30:00Z");
    expect(zoneOffset("Australia/Lord_Howe", transition - 1000)).toBe(10.5 * HOUR);
    expect(zoneOffset("Australia/Lord_Howe", transition)).toBe(11 * HOUR);
    expect(zoneOffset("Australia/Lord_Howe", transition - 1000)).toBe(10.5 * HOUR);
  });

  it("agrees with the tz data at random instants in every zone the runtime knows", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2040, 0, 1) });
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, (timezone, at) => {
        expect(zoneOffset(timezone, at)).toBe(exactZoneOffset(timezone, at));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps at most MAX_CACHED_OFFSETS hours, dropping the oldest", () => {
    const start = Date.UTC(2035, 0, 1);
    for (let hour = 0; hour < MAX_CACHED_OFFSETS + 100; hour += 1) zoneOffset("UTC", start + hour * HOUR);
    expect(cachedOffsetCount()).toBe(MAX_CACHED_OFFSETS);
    expect(zoneOffset("UTC", start)).toBe(0);
  });
});
