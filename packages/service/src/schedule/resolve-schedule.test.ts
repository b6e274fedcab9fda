import { describe, expect, it } from "vitest";
import { resolveSchedule } from "./resolve-schedule.ts";

describe("resolveSchedule", () => {
  it("stores a phrase with its text as description and a canonical cron (contract.md#schedule-storage)", () => {
    const result = resolveSchedule("Every weekday at 9am", "America/New_York");
    expect(result).toMatchObject({
      ok: true,
      schedule: "Every weekday at 9am",
      cron: "0 9 * * 1-5",
      description: "Every weekday at 9am",
      timezone: "America/New_York",
      display: "Every weekday at 9:00 AM (America/New_York)",
    });
    expect(result.ok && result.spec.hours).toEqual([9]);
  });

  it("stores a raw cron expression without a description (contract.md#schedule-storage)", () => {
    expect(resolveSchedule("0  9 * * 1-5 ", "America/New_York")).toMatchObject({
      ok: true,
      schedule: "0  9 * * 1-5",
      cron: "0 9 * * 1-5",
      description: null,
      display: "At 09:00 AM, Monday through Friday (America/New_York)",
    });
  });

  it("stores a macro as its 5-field expansion", () => {
    expect(resolveSchedule("@daily", "UTC")).toMatchObject({
      ok: true,
      schedule: "@daily",
      cron: "0 0 * * *",
      description: null,
      display: "At 12:00 AM (UTC)",
    });
  });

  it("spells the zone canonically in what it stores and shows", () => {
    expect(resolveSchedule("every hour", "europe/berlin")).toMatchObject({
      ok: true,
      timezone: "Europe/Berlin",
      display: "Every hour (Europe/Berlin)",
    });
  });

  it.each([
    ["0 0 32 * *", "day_of_month", "Day of month value 32 is out of range (1-31)."],
    ["0 0 L * *", "day_of_month", "L, W, # and ? are not supported"],
    ["0 0 30 2 *", "day_of_month", "never occurs in February"],
    ["0 0 * * * *", "expression", "got 6"],
    ["*/7 * * * MON", "day_of_week", "names are not accepted"],
  ])("refuses the cron expression %j on the schedule field, naming the cron field %s", (schedule, cronField, message) => {
    const result = resolveSchedule(schedule, "UTC");
    expect(result).toMatchObject({ ok: false, field: "schedule", cronField });
    expect(result.ok ? "" : result.message).toContain(message);
  });

  it("suggests a phrase when a cron expression has the wrong number of fields", () => {
    const result = resolveSchedule("15 minutes", "UTC");
    expect(result).toMatchObject({ ok: false, field: "schedule", cronField: "expression" });
    expect(result.ok ? "" : result.message).toContain('Or write a phrase such as "every weekday at 9am"');
  });

  it("reads input opening with a time such as 9am as a phrase, not as cron", () => {
    const result = resolveSchedule("9am every day", "UTC");
    expect(result).toMatchObject({ ok: false, field: "schedule" });
    expect(result).not.toHaveProperty("cronField");
    expect(result.ok ? "" : result.message).toContain("is not a schedule this service understands");
  });

  it("refuses an unsupported phrase on the schedule field with a hint", () => {
    const result = resolveSchedule("every other tuesday at 9", "UTC");
    expect(result).toMatchObject({ ok: false, field: "schedule" });
    expect(result.ok ? "" : result.message).toContain("every weekday at 9am");
  });

  it("refuses an empty schedule", () => {
    expect(resolveSchedule("  ", "UTC")).toMatchObject({
      ok: false,
      field: "schedule",
      message: expect.stringContaining("empty"),
    });
  });

  it("refuses a zone that is not an IANA name on the timezone field", () => {
    const result = resolveSchedule("every day at 9", "EST");
    expect(result).toMatchObject({ ok: false, field: "timezone" });
    expect(result.ok ? "" : result.message).toContain("abbreviation");
  });

  it("reports the schedule before the zone when both are wrong", () => {
    expect(resolveSchedule("every blue moon", "Nowhere/Land")).toMatchObject({ ok: false, field: "schedule" });
  });
});
