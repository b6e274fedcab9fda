import { describe, expect, it } from "vitest";
import { parseDateBound } from "./parse-date-bound.ts";

function instant(value: string, timezone: string, edge: "start" | "end"): string {
  const result = parseDateBound(value, timezone, edge);
  if (!result.ok) throw new Error(result.message);
  return result.instant.toISOString();
}

describe("parseDateBound", () => {
  it("starts a YYYY-MM-DD start date at local midnight in the trigger's zone", () => {
    expect(instant("2026-03-08", "America/New_York", "start")).toBe("2026-03-08T05:00:00.000Z");
    expect(instant("2026-03-08", "UTC", "start")).toBe("2026-03-08T00:00:00.000Z");
    expect(instant("2026-07-01", "Australia/Lord_Howe", "start")).toBe("2026-06-30T13:30:00.000Z");
  });

  it("ends a YYYY-MM-DD end date at the last instant of that local day", () => {
    // 9 March starts at 00:00 EDT (04:00Z), an hour less after the 8 March spring-forward.
    expect(instant("2026-03-08", "America/New_York", "end")).toBe("2026-03-09T03:59:59.999Z");
    expect(instant("2026-12-31", "UTC", "end")).toBe("2026-12-31T23:59:59.999Z");
  });

  it("starts a day whose midnight a gap swallows at its first real instant", () => {
    expect(instant("2026-09-06", "America/Santiago", "start")).toBe("2026-09-06T04:00:00.000Z");
    expect(instant("2026-09-05", "America/Santiago", "end")).toBe("2026-09-06T03:59:59.999Z");
    expect(instant("2026-03-08", "America/Havana", "start")).toBe("2026-03-08T05:00:00.000Z");
  });

  it("starts a day whose midnight a fall-back repeats at the first midnight", () => {
    expect(instant("2026-11-01", "America/Havana", "start")).toBe("2026-11-01T04:00:00.000Z");
  });

  it("reads an RFC 3339 date-time by its own offset, whatever the zone", () => {
    expect(instant("2026-03-08T09:00:00-05:00", "Europe/Berlin", "start")).toBe("2026-03-08T14:00:00.000Z");
    expect(instant("2026-03-08T09:00:00Z", "America/New_York", "end")).toBe("2026-03-08T09:00:00.000Z");
    expect(instant("2026-03-08t09:00:00.5z", "UTC", "start")).toBe("2026-03-08T09:00:00.500Z");
    expect(instant("2026-03-08T09:00:00.123456789+01:00", "UTC", "start")).toBe("2026-03-08T08:00:00.123Z");
  });

  it.each([
    ["2026-02-30", "is not a date"],
    ["2026-13-01", "is not a date"],
    ["2026-3-8", "is not a date"],
    ["03/08/2026", "is not a date"],
    ["", "is not a date"],
    ["tomorrow", "use YYYY-MM-DD or an RFC 3339 date-time"],
    ["2026-03-08T09:00:00", "needs an offset such as Z or -05:00"],
    ["2026-03-08T09:00", "needs an offset"],
    ["2026-03-08T24:00:00Z", "is not a date"],
    ["2026-03-08T09:00:00+25:00", "is not a date"],
    ["2026-02-29T09:00:00Z", "is not a date"],
  ])("refuses %j", (value, message) => {
    const result = parseDateBound(value, "UTC", "start");
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toContain(message);
  });
});
