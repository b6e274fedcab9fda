import { describe, expect, it } from "vitest";
import { describeSchedule } from "./describe-schedule.ts";

describe("describeSchedule", () => {
  it("words a raw cron expression with cronstrue and ends with the zone", () => {
    expect(describeSchedule({ cron: "0 9 * * 1-5" }, "America/New_York")).toBe(
      "At 09:00 AM, Monday through Friday (America/New_York)",
    );
    expect(describeSchedule({ cron: "*/15 * * * *" }, "UTC")).toBe("Every 15 minutes (UTC)");
  });

  it("words day of week 7 as Sunday", () => {
    expect(describeSchedule({ cron: "0 9 * * 7" }, "Europe/Berlin")).toBe(
      "At 09:00 AM, only on Sunday (Europe/Berlin)",
    );
  });

  it("shows a phrase in its normalised wording with the zone", () => {
    expect(describeSchedule({ cron: "0 9 * * 1-5", phrase: "Every weekday at 9:00 AM" }, "America/New_York")).toBe(
      "Every weekday at 9:00 AM (America/New_York)",
    );
  });

  it("falls back to the expression itself when cronstrue cannot word it", () => {
    expect(describeSchedule({ cron: "not a cron" }, "UTC")).toBe("not a cron (UTC)");
  });
});
