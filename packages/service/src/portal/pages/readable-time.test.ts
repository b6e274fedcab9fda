import { describe, expect, it } from "vitest";
import { toRelativeTime, toTimeView } from "./readable-time.ts";

const NOW = new Date("2026-03-01T09:00:00.000Z");

describe("portal times", () => {
  it("says how long ago an instant was, in the largest whole unit", () => {
    expect(toRelativeTime("2026-03-01T08:59:55Z", NOW)).toBe("just now");
    expect(toRelativeTime("2026-03-01T08:59:15Z", NOW)).toBe("45 s ago");
    expect(toRelativeTime("2026-03-01T08:57:00Z", NOW)).toBe("3 min ago");
    expect(toRelativeTime("2026-03-01T06:00:00Z", NOW)).toBe("3 h ago");
    expect(toRelativeTime("2026-02-28T09:00:00Z", NOW)).toBe("1 day ago");
    expect(toRelativeTime("2026-02-25T09:00:00Z", NOW)).toBe("4 days ago");
  });

  it("says how far ahead a future instant is", () => {
    expect(toRelativeTime("2026-03-01T09:05:00Z", NOW)).toBe("in 5 min");
  });

  it("gives the exact time with its zone past a week", () => {
    expect(toRelativeTime("2026-02-01T09:00:05Z", NOW)).toBe("2026-02-01 09:00:05 UTC");
  });

  it("keeps the exact instant and zone beside the words, and nothing for an unreadable value", () => {
    expect(toTimeView("2026-03-01T08:57:00+01:00", NOW)).toEqual({
      datetime: "2026-03-01T07:57:00.000Z",
      exact: "2026-03-01 07:57:00 UTC",
      relative: "1 h ago",
    });
    expect(toTimeView("yesterday", NOW)).toBeUndefined();
    expect(toTimeView(null, NOW)).toBeUndefined();
  });
});
