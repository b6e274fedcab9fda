import { describe, expect, it } from "vitest";
import { validateTimezone } from "./timezone.ts";

describe("validateTimezone", () => {
  it.each([
    ["America/New_York", "America/New_York"],
    ["Australia/Lord_Howe", "Australia/Lord_Howe"],
    ["America/Santiago", "America/Santiago"],
    ["UTC", "UTC"],
    ["utc", "UTC"],
    ["america/new_york", "America/New_York"],
    [" Europe/Berlin ", "Europe/Berlin"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["Europe/Kyiv", "Europe/Kyiv"],
    ["Etc/GMT+5", "Etc/GMT+5"],
  ])("accepts %j as %j", (name, timezone) => {
    expect(validateTimezone(name)).toEqual({ ok: true, timezone });
  });

  it.each([
    ["EST", "is an abbreviation"],
    ["PST", "is an abbreviation"],
    ["CET", "is an abbreviation"],
    ["GMT", "is an abbreviation"],
    ["EST5EDT", "is an abbreviation"],
    ["Mars/Olympus_Mons", "is not an IANA timezone name"],
    ["America/New York", "is not an IANA timezone name"],
    ["+05:00", "is not an IANA timezone name"],
    ["", "Timezone is empty"],
  ])("refuses %j", (name, reason) => {
    const result = validateTimezone(name);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toContain(reason);
    expect(result.ok ? "" : result.message).toContain("America/New_York");
  });
});
