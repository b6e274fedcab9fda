import { describe, expect, it } from "vitest";
import type { PreviewScheduleInput } from "./preview-schedule.ts";
import { previewSchedule } from "./preview-schedule.ts";

const NOW = new Date("2026-01-01T00:00:00Z");

describe("previewSchedule", () => {
  it("answers cron, description, display and the next fire times in UTC", () => {
    const result = previewSchedule(
      { schedule: "every weekday at 9am", timezone: "America/New_York", after: "2026-03-06T00:00:00Z", count: 3 },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      preview: {
        cron: "0 9 * * 1-5",
        description: "every weekday at 9am",
        display: "Every weekday at 9:00 AM (America/New_York)",
        fires: ["2026-03-06T14:00:00.000Z", "2026-03-09T13:00:00.000Z", "2026-03-10T13:00:00.000Z"],
      },
    });
  });

  it("defaults to UTC, five fire times and the current moment", () => {
    const result = previewSchedule({ schedule: "0 9 * * *" }, NOW);
    expect(result).toEqual({
      ok: true,
      preview: {
        cron: "0 9 * * *",
        description: null,
        display: "At 09:00 AM (UTC)",
        fires: [
          "2026-01-01T09:00:00.000Z",
          "2026-01-02T09:00:00.000Z",
          "2026-01-03T09:00:00.000Z",
          "2026-01-04T09:00:00.000Z",
          "2026-01-05T09:00:00.000Z",
        ],
      },
    });
  });

  it("keeps fire times inside start and end dates read in the schedule's zone", () => {
    const result = previewSchedule(
      { schedule: "0 0 * * *", timezone: "America/Santiago", start_date: "2026-09-06", end_date: "2026-09-07" },
      new Date("2026-09-01T00:00:00Z"),
    );
    expect(result.ok && result.preview.fires).toEqual(["2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z"]);
  });

  it("accepts RFC 3339 bounds with offsets", () => {
    const result = previewSchedule(
      { schedule: "0 12 * * *", start_date: "2026-01-03T12:00:00Z", end_date: "2026-01-04T12:00:00+00:00" },
      NOW,
    );
    expect(result.ok && result.preview.fires).toEqual(["2026-01-03T12:00:00.000Z", "2026-01-04T12:00:00.000Z"]);
  });

  it("treats null start and end dates as no bound", () => {
    const result = previewSchedule({ schedule: "0 9 * * *", start_date: null, end_date: null, count: 1 }, NOW);
    expect(result.ok && result.preview.fires).toEqual(["2026-01-01T09:00:00.000Z"]);
  });

  it("answers no fire times once the end date has passed", () => {
    const result = previewSchedule({ schedule: "every hour", end_date: "2025-12-31" }, NOW);
    expect(result.ok && result.preview.fires).toEqual([]);
  });

  it("returns 100 fire times at the upper bound of count", () => {
    const result = previewSchedule({ schedule: "every 15 minutes", count: 100 }, NOW);
    expect(result.ok && result.preview.fires).toHaveLength(100);
  });

  it.each<[PreviewScheduleInput, string, string]>([
    [{ schedule: "every now and then" }, "schedule", "is not a schedule this service understands"],
    [{ schedule: "0 0 31 4 *" }, "schedule", "never occurs in April"],
    [{ schedule: "every day at 9", timezone: "PST" }, "timezone", "abbreviation"],
    [{ schedule: "every day at 9", start_date: "2026-02-30" }, "start_date", "is not a date"],
    [{ schedule: "every day at 9", end_date: "next week" }, "end_date", "is not a date"],
    [{ schedule: "every day at 9", start_date: "2026-03-02", end_date: "2026-03-01" }, "end_date", "before start date"],
    [{ schedule: "every day at 9", after: "2026-03-01" }, "after", "RFC 3339 date-time with an offset"],
    [{ schedule: "every day at 9", after: "2026-03-01T09:00:00" }, "after", "with an offset"],
    [{ schedule: "every day at 9", count: 0 }, "count", "from 1 to 100"],
    [{ schedule: "every day at 9", count: 101 }, "count", "from 1 to 100"],
    [{ schedule: "every day at 9", count: 2.5 }, "count", "whole number"],
  ])("refuses %j on the %s field", (input, field, message) => {
    const result = previewSchedule(input, NOW);
    expect(result).toMatchObject({ ok: false, field });
    expect(result.ok ? "" : result.message).toContain(message);
  });
});
