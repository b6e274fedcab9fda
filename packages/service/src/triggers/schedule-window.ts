import { type CronSpec, parseCron, parseDateBound, validateTimezone } from "../schedule/index.ts";
import type { TriggerRow } from "../store/index.ts";

/** A stored schedule trigger as the clock sees it: its cron, its zone and its date window. */
export interface ScheduleWindow {
  readonly spec: CronSpec;
  readonly timezone: string;
  /** Earliest allowed fire time, inclusive. */
  readonly startDate: Date | undefined;
  /** Latest allowed fire time, inclusive. */
  readonly endDate: Date | undefined;
}

/**
 * Reads a schedule trigger's stored cron (the canonical form used for scheduling, contract.md#schedule-storage), zone
 * and dates; null when the row holds no usable schedule, which leaves the trigger dormant rather than failing.
 */
export function readScheduleWindow(
  row: Pick<TriggerRow, "cron" | "timezone" | "start_date" | "end_date">,
): ScheduleWindow | null {
  const parsed = parseCron(row.cron ?? "");
  const zone = validateTimezone(row.timezone ?? "UTC");
  if (!parsed.ok || !zone.ok) return null;
  const bound = (value: string | null, edge: "start" | "end") => {
    if (value === null) return undefined;
    const result = parseDateBound(value, zone.timezone, edge);
    return result.ok ? result.instant : undefined;
  };
  return {
    spec: parsed.cron,
    timezone: zone.timezone,
    startDate: bound(row.start_date, "start"),
    endDate: bound(row.end_date, "end"),
  };
}
