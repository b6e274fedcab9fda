import { nextFireAfter, parseDateBound, resolveSchedule } from "../schedule/index.ts";
import type { TriggerRow } from "../store/index.ts";

/** A schedule trigger's next fire time after `now` inside its date window, as stored; null when there is none. */
export function nextFireAt(
  row: Pick<TriggerRow, "schedule" | "timezone" | "start_date" | "end_date">,
  now: Date,
): string | null {
  const resolved = resolveSchedule(row.schedule ?? "", row.timezone ?? "UTC");
  if (!resolved.ok) return null;
  const bound = (value: string | null, edge: "start" | "end") => {
    if (value === null) return undefined;
    const parsed = parseDateBound(value, resolved.timezone, edge);
    return parsed.ok ? parsed.instant : undefined;
  };
  const next = nextFireAfter(resolved.spec, {
    timezone: resolved.timezone,
    after: now,
    startDate: bound(row.start_date, "start"),
    endDate: bound(row.end_date, "end"),
  });
  return next === null ? null : next.toISOString();
}
