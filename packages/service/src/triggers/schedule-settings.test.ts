import { describe, expect, it } from "vitest";
import { isServiceError } from "../errors/service-error.ts";
import { toPayloadColumn, toPayloadInput, toScheduleColumns } from "./schedule-settings.ts";

const settings = { schedule: "every weekday at 9am", timezone: "America/New_York", start_date: null, end_date: null };

function refusal(run: () => unknown): { code: string; message: string; path: string | undefined } {
  try {
    run();
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { code: error.code, message: error.message, path: error.errors?.[0]?.path };
  }
  throw new Error("expected a refusal");
}

describe("schedule settings", () => {
  it("stores a phrase as entered beside its canonical cron, with the zone spelled canonically", () => {
    expect(toScheduleColumns({ ...settings, timezone: "america/new_york", start_date: " 2025-02-01 " })).toEqual({
      schedule: "every weekday at 9am",
      cron: "0 9 * * 1-5",
      description: "every weekday at 9am",
      timezone: "America/New_York",
      start_date: "2025-02-01",
      end_date: null,
    });
  });

  it("stores a raw cron expression without a description", () => {
    expect(toScheduleColumns({ ...settings, schedule: "*/15 * * * *" })).toMatchObject({
      cron: "*/15 * * * *",
      description: null,
    });
  });

  it("refuses an unknown zone, naming timezone", () => {
    expect(refusal(() => toScheduleColumns({ ...settings, timezone: "Mars/Olympus" }))).toEqual({
      code: "invalid_request",
      message: expect.stringMatching(/^timezone: "Mars\/Olympus" is not an IANA timezone name/),
      path: "/timezone",
    });
  });

  it("refuses a bad cron expression, naming schedule and the cron field", () => {
    const refused = refusal(() => toScheduleColumns({ ...settings, schedule: "0 25 * * *" }));
    expect(refused).toMatchObject({ code: "invalid_request", path: "/schedule" });
    expect(refused.message).toBe("schedule (hour): Hour value 25 is out of range (0-23).");
  });

  it("refuses a phrase it does not know, with a hint and without guessing", () => {
    const refused = refusal(() => toScheduleColumns({ ...settings, schedule: "every other tuesday" }));
    expect(refused).toMatchObject({ path: "/schedule", message: expect.stringMatching(/^schedule: /) });
  });

  it("refuses a malformed date and an end date before the start date, naming the date", () => {
    expect(refusal(() => toScheduleColumns({ ...settings, start_date: "March 1" })).path).toBe("/start_date");
    const backwards = refusal(() =>
      toScheduleColumns({ ...settings, start_date: "2025-03-02", end_date: "2025-03-01" }),
    );
    expect(backwards).toMatchObject({ path: "/end_date", message: expect.stringContaining("before the start date") });
  });

  it("accepts an end date on the start date's day", () => {
    expect(toScheduleColumns({ ...settings, start_date: "2025-03-01", end_date: "2025-03-01" }).end_date).toBe(
      "2025-03-01",
    );
  });

  it("keeps an input payload as JSON and reads it back as each run's input; null is no payload", () => {
    expect(toPayloadColumn({ digest: true })).toBe('{"digest":true}');
    expect(toPayloadInput({ input_payload: toPayloadColumn({ digest: true }) })).toEqual({
      type: "json",
      value: { digest: true },
    });
    expect(toPayloadColumn(null)).toBeNull();
    expect(toPayloadColumn(undefined)).toBeNull();
    expect(toPayloadInput({ input_payload: null })).toBeNull();
    expect(toPayloadInput({ input_payload: toPayloadColumn(0) })).toEqual({ type: "json", value: 0 });
  });
});
