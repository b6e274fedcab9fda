import { describe, expect, it } from "vitest";
import { parseNaturalLanguage } from "./natural-language.ts";
import { parseCron } from "./parse-cron.ts";

const ACCEPTED: ReadonlyArray<readonly [text: string, cron: string, phrase: string]> = [
  ["every day at 9", "0 9 * * *", "Every day at 9:00 AM"],
  ["Daily at 21:05", "5 21 * * *", "Every day at 9:05 PM"],
  ["every day at 9:30pm", "30 21 * * *", "Every day at 9:30 PM"],
  ["every day at midnight", "0 0 * * *", "Every day at 12:00 AM"],
  ["  Every   Day   at  9am ", "0 9 * * *", "Every day at 9:00 AM"],
  ["every weekday at 9am", "0 9 * * 1-5", "Every weekday at 9:00 AM"],
  ["EVERY WEEKEND AT NOON", "0 12 * * 0,6", "Every weekend at 12:00 PM"],
  ["every monday at 9:30", "30 9 * * 1", "Every Monday at 9:30 AM"],
  ["every sunday at 8", "0 8 * * 0", "Every Sunday at 8:00 AM"],
  ["every monday and friday at 17:30", "30 17 * * 1,5", "Every Monday and Friday at 5:30 PM"],
  ["every monday, wednesday and friday at 9", "0 9 * * 1,3,5", "Every Monday, Wednesday and Friday at 9:00 AM"],
  ["every monday, wednesday, and friday at 9", "0 9 * * 1,3,5", "Every Monday, Wednesday and Friday at 9:00 AM"],
  ["every sunday, saturday at midnight", "0 0 * * 0,6", "Every Saturday and Sunday at 12:00 AM"],
  ["every friday and friday at 9", "0 9 * * 5", "Every Friday at 9:00 AM"],
  ["every hour", "0 * * * *", "Every hour"],
  ["Hourly", "0 * * * *", "Every hour"],
  ["every hour at :15", "15 * * * *", "Every hour at :15"],
  ["hourly at :05", "5 * * * *", "Every hour at :05"],
  ["every 15 minutes", "*/15 * * * *", "Every 15 minutes"],
  ["every 30 minutes", "*/30 * * * *", "Every 30 minutes"],
  ["every 1 minute", "* * * * *", "Every minute"],
  ["every 60 minutes", "0 * * * *", "Every hour"],
  ["every 2 hours", "0 */2 * * *", "Every 2 hours"],
  ["every 6 hours", "0 */6 * * *", "Every 6 hours"],
  ["every 1 hour", "0 * * * *", "Every hour"],
  ["every 24 hours", "0 0 * * *", "Every day at 12:00 AM"],
  ["first day of every month at noon", "0 12 1 * *", "First day of every month at 12:00 PM"],
  ["First day of every month at 8:15am", "15 8 1 * *", "First day of every month at 8:15 AM"],
];

describe("parseNaturalLanguage", () => {
  it.each(ACCEPTED)("reads %j as %j", (text, cron, phrase) => {
    expect(parseNaturalLanguage(text)).toEqual({ ok: true, cron, phrase });
  });

  it("produces only cron expressions that parseCron accepts", () => {
    for (const [text] of ACCEPTED) {
      const result = parseNaturalLanguage(text);
      expect(result.ok && parseCron(result.cron).ok, text).toBe(true);
    }
  });

  it.each([
    ["every 7 minutes", "does not divide an hour evenly; use one of 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60"],
    ["every 90 minutes", "does not divide an hour evenly"],
    ["every 0 minutes", "does not divide an hour evenly"],
    ["every 5 hours", "does not divide a day evenly; use one of 1, 2, 3, 4, 6, 8, 12, 24"],
    ["every day at 25:00", '"25:00" is not a time of day; write the time as 9, 9am'],
    ["every weekday at 13pm", "is not a time of day"],
    ["every monday at 9:60", "is not a time of day"],
    ["first day of every month at teatime", "is not a time of day"],
    ["every hour at :75", '":75" is not a minute'],
    ["every funday at 9", '"funday" is not a day of the week'],
    ["every mon at 9", '"mon" is not a day of the week'],
    ["every mondays at 9", '"mondays" is not a day of the week'],
    ["every monday and someday at 9", '"someday" is not a day of the week'],
    ["every day", "is not a schedule this service understands"],
    ["every weekday", "is not a schedule this service understands"],
    ["tomorrow at 9", "is not a schedule this service understands"],
    ["at 9 every day", "is not a schedule this service understands"],
    ["every other day at 9", "is not a schedule this service understands"],
    ["every hour at 15", '"15" is not a minute past the hour; write it as :MM.'],
    ["last day of every month at 9", "is not a schedule this service understands"],
    ["weekly", "is not a schedule this service understands"],
    ["", "is not a schedule this service understands"],
  ])("refuses %j with a hint", (text, message) => {
    const result = parseNaturalLanguage(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toContain(message);
  });

  it("points a refused phrase at the supported shapes and at cron", () => {
    const result = parseNaturalLanguage("whenever you like");
    expect(result.ok ? "" : result.message).toContain('"0 9 * * 1-5"');
    expect(result.ok ? "" : result.message).toContain('"every weekday at 9am"');
  });

  it("refuses a phrase longer than 200 characters without reading it", () => {
    const result = parseNaturalLanguage(`every ${"monday and ".repeat(30)}friday at 9`);
    expect(result.ok ? "" : result.message).toContain("at most 200 characters");
  });
});
