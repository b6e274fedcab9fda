import { describe, expect, it } from "vitest";
import { formatTimeOfDay, parseTimeOfDay } from "./parse-time-of-day.ts";

describe("parseTimeOfDay", () => {
  it.each([
    ["9", 9, 0],
    ["09", 9, 0],
    ["9am", 9, 0],
    ["9 am", 9, 0],
    ["9AM", 9, 0],
    ["9:30", 9, 30],
    ["21:05", 21, 5],
    ["0:00", 0, 0],
    ["23:59", 23, 59],
    ["9:30pm", 21, 30],
    ["12am", 0, 0],
    ["12:30am", 0, 30],
    ["12pm", 12, 0],
    ["noon", 12, 0],
    ["Midnight", 0, 0],
  ])("reads %j as %i:%i", (text, hour, minute) => {
    expect(parseTimeOfDay(text)).toEqual({ hour, minute });
  });

  it.each([
    "24",
    "25:00",
    "9:60",
    "9:5",
    "9.30",
    "13pm",
    "0am",
    "9:30 p.m.",
    "half past nine",
    "",
    "noonish",
  ])("refuses %j", (text) => {
    expect(parseTimeOfDay(text)).toBeUndefined();
  });

  it.each([
    [9, 0, "9:00 AM"],
    [21, 5, "9:05 PM"],
    [12, 0, "12:00 PM"],
    [0, 0, "12:00 AM"],
    [0, 30, "12:30 AM"],
  ])("formats %i:%i as %j", (hour, minute, text) => {
    expect(formatTimeOfDay({ hour, minute })).toBe(text);
  });
});
