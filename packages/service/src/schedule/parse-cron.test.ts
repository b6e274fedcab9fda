import { describe, expect, it } from "vitest";
import { parseCron } from "./parse-cron.ts";

function parsed(expression: string) {
  const result = parseCron(expression);
  if (!result.ok) throw new Error(`expected "${expression}" to parse: ${result.message}`);
  return result.cron;
}

describe("parseCron", () => {
  it("expands lists, ranges and steps into ascending values", () => {
    const cron = parsed("0,15,30,45 9-17/2 */10 1-12/3 1-5");
    expect(cron.minutes).toEqual([0, 15, 30, 45]);
    expect(cron.hours).toEqual([9, 11, 13, 15, 17]);
    expect(cron.daysOfMonth).toEqual([1, 11, 21, 31]);
    expect(cron.months).toEqual([1, 4, 7, 10]);
    expect(cron.daysOfWeek).toEqual([1, 2, 3, 4, 5]);
  });

  it("collapses whitespace into the canonical expression", () => {
    expect(parsed("  0   9 *\t* 1-5 ").expression).toBe("0 9 * * 1-5");
  });

  it("reads both 0 and 7 as Sunday", () => {
    expect(parsed("0 9 * * 7").daysOfWeek).toEqual([0]);
    expect(parsed("0 9 * * 0").daysOfWeek).toEqual([0]);
    expect(parsed("0 9 * * 0,7").daysOfWeek).toEqual([0]);
    expect(parsed("0 9 * * 5-7").daysOfWeek).toEqual([0, 5, 6]);
  });

  it("lets * in day of week stand for Sunday to Saturday once", () => {
    expect(parsed("0 9 * * *").daysOfWeek).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parsed("0 9 * * */2").daysOfWeek).toEqual([0, 2, 4, 6]);
  });

  it("marks day fields restricted unless they are exactly *", () => {
    expect(parsed("0 0 * * *")).toMatchObject({ dayOfMonthRestricted: false, dayOfWeekRestricted: false });
    expect(parsed("0 0 1 * 1")).toMatchObject({ dayOfMonthRestricted: true, dayOfWeekRestricted: true });
    expect(parsed("0 0 */1 * *")).toMatchObject({ dayOfMonthRestricted: true, dayOfWeekRestricted: false });
  });

  it("treats an hour of * or with a step as repeating and any other hour as fixed", () => {
    expect(parsed("0 * * * *").hourPattern).toBe("repeating");
    expect(parsed("0 */2 * * *").hourPattern).toBe("repeating");
    expect(parsed("0 1-3/1 * * *").hourPattern).toBe("repeating");
    expect(parsed("0 9 * * *").hourPattern).toBe("fixed");
    expect(parsed("0 0-23 * * *").hourPattern).toBe("fixed");
    expect(parsed("0 1,2 * * *").hourPattern).toBe("fixed");
  });

  it.each([
    ["@hourly", "0 * * * *"],
    ["@daily", "0 0 * * *"],
    ["@weekly", "0 0 * * 0"],
    ["@monthly", "0 0 1 * *"],
    ["@yearly", "0 0 1 1 *"],
    ["@DAILY", "0 0 * * *"],
  ])("expands the macro %s to %s", (macro, expression) => {
    expect(parsed(macro).expression).toBe(expression);
  });

  it("accepts 29 February, which occurs in leap years", () => {
    expect(parsed("0 0 29 2 *").daysOfMonth).toEqual([29]);
  });

  it("accepts a day of month that never occurs when a day of week is also given, since either matches", () => {
    expect(parsed("0 0 30 2 1").daysOfWeek).toEqual([1]);
  });

  it.each([
    ["", "expression", "got 0"],
    ["0 0 * *", "expression", "got 4"],
    ["0 0 0 * * *", "expression", "Seconds and years are not supported"],
    ["@reboot", "expression", "@hourly, @daily, @weekly, @monthly or @yearly"],
    ["@annually", "expression", "not supported"],
    ["60 * * * *", "minute", "Minute value 60 is out of range (0-59)"],
    ["* 24 * * *", "hour", "Hour value 24 is out of range (0-23)"],
    ["* * 0 * *", "day_of_month", "Day of month value 0 is out of range (1-31)"],
    ["* * 32 * *", "day_of_month", "out of range (1-31)"],
    ["* * * 0 *", "month", "Month value 0 is out of range (1-12)"],
    ["* * * 13 *", "month", "out of range (1-12)"],
    ["* * * * 8", "day_of_week", "Day of week value 8 is out of range (0-7)"],
    ["0 0 L * *", "day_of_month", "L, W, # and ? are not supported"],
    ["0 0 15W * *", "day_of_month", "L, W, # and ? are not supported"],
    ["0 0 ? * 1", "day_of_month", "L, W, # and ? are not supported"],
    ["0 0 * * 5#3", "day_of_week", "L, W, # and ? are not supported"],
    ["0 0 * * 5L", "day_of_week", "L, W, # and ? are not supported"],
    ["0 0 * * MON", "day_of_week", "names are not accepted; use numbers 0-7"],
    ["0 0 * JAN *", "month", "names are not accepted; use numbers 1-12"],
    ["*/0 * * * *", "minute", 'step "/0" must be between 1 and 59'],
    ["*/60 * * * *", "minute", "must be between 1 and 59"],
    ["0 */24 * * *", "hour", "must be between 1 and 23"],
    ["5/15 * * * *", "minute", "write a step as */N or a-b/N"],
    ["0 17-9 * * *", "hour", "runs backwards"],
    ["0 0 1,,2 * *", "day_of_month", "empty list entry"],
    ["0 0 * * -1", "day_of_week", "is not valid"],
    ["0 0 30 2 *", "day_of_month", "Day of month 30 never occurs in February"],
    ["0 0 30,31 2 *", "day_of_month", "Days of month 30, 31 never occur in February"],
    ["0 0 31 4,6 *", "day_of_month", "Day of month 31 never occurs in April or June"],
  ])("refuses %j naming the %s field", (expression, field, message) => {
    const result = parseCron(expression);
    expect(result).toMatchObject({ ok: false, field });
    expect(result.ok ? "" : result.message).toContain(message);
  });

  it("answers a very long expression without hanging", () => {
    const longList = Array.from({ length: 20_000 }, (_, index) => index % 60).join(",");
    expect(parseCron(`${longList} * * * *`)).toMatchObject({ ok: true });
    expect(parseCron(`${longList},x * * * *`)).toMatchObject({ ok: false, field: "minute" });
  });
});
