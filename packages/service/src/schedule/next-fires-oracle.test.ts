import { CronExpressionParser } from "cron-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextFires } from "./next-fires.ts";
import { parseCron } from "./parse-cron.ts";

// Away from daylight-saving changes D19 is plain cron, so cron-parser (the pinned reference) must agree.
function field(min: number, max: number): fc.Arbitrary<string> {
  const value = fc.integer({ min, max });
  const range = fc.tuple(value, value).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);
  const step = fc.integer({ min: 1, max: Math.min(max - min, 12) });
  return fc.oneof(
    fc.constant("*"),
    value.map(String),
    range,
    fc.uniqueArray(value, { minLength: 2, maxLength: 4 }).map((values) => values.join(",")),
    step.map((n) => `*/${n}`),
    fc.tuple(range, step).map(([r, n]) => `${r}/${n}`),
  );
}

const expression = fc
  .tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 6))
  .map((fields) => fields.join(" "));
const after = fc.date({
  min: new Date("2020-01-01T00:00:00Z"),
  max: new Date("2030-12-31T23:59:59Z"),
  noInvalidDate: true,
});
const zone = fc.constantFrom("UTC", "Asia/Tokyo", "Asia/Kolkata", "Asia/Kathmandu");

function reference(text: string, timezone: string, from: Date, count: number): string[] {
  const iterator = CronExpressionParser.parse(text, { tz: timezone, currentDate: from });
  return Array.from({ length: count }, () => iterator.next().toDate().toISOString());
}

describe("nextFires against cron-parser in zones without daylight saving", () => {
  it("agrees on the next five fire times of random expressions", () => {
    fc.assert(
      fc.property(expression, after, zone, (text, from, timezone) => {
        const parsed = parseCron(text);
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const ours = nextFires(parsed.cron, { timezone, after: from, count: 5 }).map((date) => date.toISOString());
        expect(ours).toEqual(reference(text, timezone, from, 5));
      }),
      { numRuns: 300 },
    );
  });

  it("sees a difference when a fire time is wrong", () => {
    const parsed = parseCron("0 9 * * 1-5");
    if (!parsed.ok) throw new Error(parsed.message);
    const from = new Date("2026-01-01T00:00:00Z");
    const ours = nextFires(parsed.cron, { timezone: "UTC", after: from, count: 5 }).map((date) => date.toISOString());
    expect(ours).not.toEqual(reference("0 9 * * *", "UTC", from, 5));
  });
});
