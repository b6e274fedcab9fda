import { describe, expect, it } from "vitest";
import { nextFires } from "./next-fires.ts";
import { parseCron } from "./parse-cron.ts";

// Expected instants are worked out by hand from the 2026 rules of each zone:
// New York   EST −5 / EDT −4: 8 Mar 02:00→03:00 (07:00Z); 1 Nov 02:00→01:00 (06:00Z).
// Berlin     CET +1 / CEST +2: 29 Mar 02:00→03:00 (01:00Z); 25 Oct 03:00→02:00 (01:00Z).
// Sydney     AEST +10 / AEDT +11: 5 Apr 03:00→02:00 (4 Apr 16:00Z); 4 Oct 02:00→03:00 (3 Oct 16:00Z).
// Lord Howe  +10:30 / +11: 5 Apr 02:00→01:30 (4 Apr 15:00Z); 4 Oct 02:00→02:30 (3 Oct 15:30Z).
// Santiago   −4 / −3: 5 Apr 00:00→4 Apr 23:00 (03:00Z); 6 Sep 00:00→01:00 (04:00Z).
// Havana     CST −5 / CDT −4: 8 Mar 00:00→01:00 (05:00Z); 1 Nov 01:00→00:00 (05:00Z).

function fires(expression: string, timezone: string, after: string, count: number): string[] {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new Error(parsed.message);
  return nextFires(parsed.cron, { timezone, after: new Date(after), count }).map((date) => date.toISOString());
}

describe("nextFires across daylight-saving changes (D19)", () => {
  it.each([
    [
      "America/New_York",
      "30 2 * * *",
      "2026-03-07T12:00:00Z",
      ["2026-03-08T07:30:00.000Z", "2026-03-09T06:30:00.000Z"],
    ],
    ["Europe/Berlin", "30 2 * * *", "2026-03-28T12:00:00Z", ["2026-03-29T01:30:00.000Z", "2026-03-30T00:30:00.000Z"]],
    [
      "Australia/Sydney",
      "30 2 * * *",
      "2026-10-03T00:00:00Z",
      ["2026-10-03T16:30:00.000Z", "2026-10-04T15:30:00.000Z"],
    ],
    [
      "Australia/Lord_Howe",
      "0 2 * * *",
      "2026-10-03T00:00:00Z",
      ["2026-10-03T15:30:00.000Z", "2026-10-04T15:00:00.000Z"],
    ],
    [
      "Australia/Lord_Howe",
      "15 2 * * *",
      "2026-10-03T00:00:00Z",
      ["2026-10-03T15:45:00.000Z", "2026-10-04T15:15:00.000Z"],
    ],
    [
      "America/Santiago",
      "0 0 * * *",
      "2026-09-04T12:00:00Z",
      ["2026-09-05T04:00:00.000Z", "2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z"],
    ],
    [
      "America/Havana",
      "0 0 * * *",
      "2026-03-07T00:00:00Z",
      ["2026-03-07T05:00:00.000Z", "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
    ],
  ])("%s: fixed %s skipped by the gap fires once, shifted forward by the gap", (zone, expression, after, expected) => {
    expect(fires(expression, zone, after, expected.length)).toEqual(expected);
  });

  it.each([
    [
      "America/New_York",
      "30 1 * * *",
      "2026-10-31T12:00:00Z",
      ["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"],
    ],
    ["Europe/Berlin", "30 2 * * *", "2026-10-24T12:00:00Z", ["2026-10-25T00:30:00.000Z", "2026-10-26T01:30:00.000Z"]],
    [
      "Australia/Sydney",
      "30 2 * * *",
      "2026-04-04T00:00:00Z",
      ["2026-04-04T15:30:00.000Z", "2026-04-05T16:30:00.000Z"],
    ],
    [
      "Australia/Lord_Howe",
      "45 1 * * *",
      "2026-04-04T00:00:00Z",
      ["2026-04-04T14:45:00.000Z", "2026-04-05T15:15:00.000Z"],
    ],
    [
      "America/Santiago",
      "30 23 * * *",
      "2026-04-04T12:00:00Z",
      ["2026-04-05T02:30:00.000Z", "2026-04-06T03:30:00.000Z"],
    ],
    ["America/Havana", "0 0 * * *", "2026-10-31T12:00:00Z", ["2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"]],
  ])("%s: fixed %s repeated by the fall-back fires at its first occurrence only", (zone, expression, after, expected) => {
    expect(fires(expression, zone, after, expected.length)).toEqual(expected);
  });

  it.each([
    [
      "America/New_York",
      "30 * * * *",
      "2026-11-01T04:00:00Z",
      ["2026-11-01T04:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z", "2026-11-01T07:30:00.000Z"],
    ],
    [
      "America/New_York",
      "30 1-3/2 * * *",
      "2026-11-01T04:00:00Z",
      ["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z", "2026-11-01T08:30:00.000Z"],
    ],
    [
      "Europe/Berlin",
      "0 * * * *",
      "2026-10-24T23:30:00Z",
      ["2026-10-25T00:00:00.000Z", "2026-10-25T01:00:00.000Z", "2026-10-25T02:00:00.000Z"],
    ],
    [
      "Australia/Sydney",
      "30 * * * *",
      "2026-04-04T14:45:00Z",
      ["2026-04-04T15:30:00.000Z", "2026-04-04T16:30:00.000Z", "2026-04-04T17:30:00.000Z"],
    ],
    [
      "Australia/Lord_Howe",
      "45 * * * *",
      "2026-04-04T14:00:00Z",
      ["2026-04-04T14:45:00.000Z", "2026-04-04T15:15:00.000Z", "2026-04-04T16:15:00.000Z"],
    ],
    [
      "America/Santiago",
      "30 * * * *",
      "2026-04-05T01:45:00Z",
      ["2026-04-05T02:30:00.000Z", "2026-04-05T03:30:00.000Z", "2026-04-05T04:30:00.000Z"],
    ],
  ])("%s: repeating %s fires in both passes of a repeated hour", (zone, expression, after, expected) => {
    expect(fires(expression, zone, after, expected.length)).toEqual(expected);
  });

  it.each([
    [
      "America/New_York",
      "30 */2 * * *",
      "2026-03-08T05:00:00Z",
      ["2026-03-08T05:30:00.000Z", "2026-03-08T08:30:00.000Z", "2026-03-08T10:30:00.000Z"],
    ],
    ["Europe/Berlin", "0 */2 * * *", "2026-03-28T22:30:00Z", ["2026-03-28T23:00:00.000Z", "2026-03-29T02:00:00.000Z"]],
    [
      "Australia/Sydney",
      "15 */2 * * *",
      "2026-10-03T13:00:00Z",
      ["2026-10-03T14:15:00.000Z", "2026-10-03T17:15:00.000Z"],
    ],
    [
      "Australia/Lord_Howe",
      "0 * * * *",
      "2026-10-03T13:45:00Z",
      ["2026-10-03T14:30:00.000Z", "2026-10-03T16:00:00.000Z", "2026-10-03T17:00:00.000Z"],
    ],
    [
      "America/Santiago",
      "0 */2 * * *",
      "2026-09-06T01:30:00Z",
      ["2026-09-06T02:00:00.000Z", "2026-09-06T05:00:00.000Z", "2026-09-06T07:00:00.000Z"],
    ],
    [
      "America/Havana",
      "0 * * * *",
      "2026-03-08T03:30:00Z",
      ["2026-03-08T04:00:00.000Z", "2026-03-08T05:00:00.000Z", "2026-03-08T06:00:00.000Z"],
    ],
  ])("%s: repeating %s has nothing to fire inside a skipped hour", (zone, expression, after, expected) => {
    expect(fires(expression, zone, after, expected.length)).toEqual(expected);
  });

  it.each([
    [
      "America/New_York",
      "30 2,3 * * *",
      "2026-03-08T05:00:00Z",
      ["2026-03-08T07:30:00.000Z", "2026-03-09T06:30:00.000Z", "2026-03-09T07:30:00.000Z"],
    ],
    [
      "Europe/Berlin",
      "0 2,3 * * *",
      "2026-03-28T23:30:00Z",
      ["2026-03-29T01:00:00.000Z", "2026-03-30T00:00:00.000Z", "2026-03-30T01:00:00.000Z"],
    ],
    [
      "America/Santiago",
      "0 0,1 * * *",
      "2026-09-05T12:00:00Z",
      ["2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z", "2026-09-07T04:00:00.000Z"],
    ],
  ])("%s: %s never fires the same instant twice when a shifted time meets a real one", (zone, expression, after, expected) => {
    expect(fires(expression, zone, after, expected.length)).toEqual(expected);
  });

  // St. John's fell back at 00:01 until 2011: on 7 Nov 2010 at 02:31Z, Sunday 00:01 NDT (−2:30) became
  // Saturday 23:01 NST (−3:30), so Saturday's last hour and Sunday's midnight interleave.
  it("orders fire times of two local days that interleave across a fall-back at midnight", () => {
    expect(fires("*/30 * * * *", "America/St_Johns", "2010-11-07T01:45:00Z", 2)).toEqual([
      "2010-11-07T02:00:00.000Z",
      "2010-11-07T02:30:00.000Z",
    ]);
    expect(fires("30 * * * *", "America/St_Johns", "2010-11-07T02:30:00Z", 2)).toEqual([
      "2010-11-07T03:00:00.000Z",
      "2010-11-07T04:00:00.000Z",
    ]);
    expect(fires("0 0 * * *", "America/St_Johns", "2010-11-06T12:00:00Z", 2)).toEqual([
      "2010-11-07T02:30:00.000Z",
      "2010-11-08T03:30:00.000Z",
    ]);
  });

  it("fires every real minute once through a spring-forward gap and a fall-back", () => {
    expect(fires("* * * * *", "America/New_York", "2026-03-08T06:58:00Z", 3)).toEqual([
      "2026-03-08T06:59:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:01:00.000Z",
    ]);
    expect(fires("* * * * *", "America/New_York", "2026-11-01T05:58:00Z", 3)).toEqual([
      "2026-11-01T05:59:00.000Z",
      "2026-11-01T06:00:00.000Z",
      "2026-11-01T06:01:00.000Z",
    ]);
  });

  it("keeps the local wall time on either side of a change", () => {
    expect(fires("0 9 * * 0", "Australia/Sydney", "2026-03-28T00:00:00Z", 2)).toEqual([
      "2026-03-28T22:00:00.000Z",
      "2026-04-04T23:00:00.000Z",
    ]);
    expect(fires("0 9 * * 1-5", "America/New_York", "2026-03-06T00:00:00Z", 3)).toEqual([
      "2026-03-06T14:00:00.000Z",
      "2026-03-09T13:00:00.000Z",
      "2026-03-10T13:00:00.000Z",
    ]);
  });
});
