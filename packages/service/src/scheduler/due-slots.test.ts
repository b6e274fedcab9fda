import { describe, expect, it } from "vitest";
import { parseCron } from "../schedule/index.ts";
import type { ScheduleWindow } from "../triggers/index.ts";
import { listDueSlots } from "./due-slots.ts";

function windowOf(cron: string, extra: Partial<ScheduleWindow> = {}): ScheduleWindow {
  const parsed = parseCron(cron);
  if (!parsed.ok) throw new Error(parsed.message);
  return { spec: parsed.cron, timezone: "UTC", startDate: undefined, endDate: undefined, ...extra };
}

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("listDueSlots", () => {
  it("lists every slot from the first due one through now, both inclusive", () => {
    const due = listDueSlots(
      windowOf("0 * * * *"),
      new Date("2025-01-06T09:00:00Z"),
      new Date("2025-01-06T12:00:00Z"),
      10,
    );
    expect(iso(due.slots)).toEqual([
      "2025-01-06T09:00:00.000Z",
      "2025-01-06T10:00:00.000Z",
      "2025-01-06T11:00:00.000Z",
      "2025-01-06T12:00:00.000Z",
    ]);
    expect(due.total).toBe(4);
  });

  it("keeps only the latest slots of a long outage but counts them all", () => {
    const due = listDueSlots(
      windowOf("* * * * *"),
      new Date("2025-01-06T00:00:00Z"),
      new Date("2025-01-07T00:00:00Z"),
      3,
    );
    expect(due.total).toBe(24 * 60 + 1);
    expect(iso(due.slots)).toEqual([
      "2025-01-06T23:58:00.000Z",
      "2025-01-06T23:59:00.000Z",
      "2025-01-07T00:00:00.000Z",
    ]);
  });

  it("stops at the end date", () => {
    const endDate = new Date("2025-01-06T10:30:00Z");
    const due = listDueSlots(
      windowOf("0 * * * *", { endDate }),
      new Date("2025-01-06T09:00:00Z"),
      new Date("2025-01-06T12:00:00Z"),
      10,
    );
    expect(iso(due.slots)).toEqual(["2025-01-06T09:00:00.000Z", "2025-01-06T10:00:00.000Z"]);
  });

  it("lists nothing when the first slot is still ahead", () => {
    const due = listDueSlots(
      windowOf("0 * * * *"),
      new Date("2025-01-06T13:00:00Z"),
      new Date("2025-01-06T12:59:59Z"),
      10,
    );
    expect(due).toEqual({ slots: [], total: 0 });
  });
});
