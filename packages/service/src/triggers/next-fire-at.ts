import { nextFireAfter } from "../schedule/index.ts";
import type { TriggerRow } from "../store/index.ts";
import { readScheduleWindow } from "./schedule-window.ts";

/** A schedule trigger's next fire time after `now` inside its date window, as stored; null when there is none. */
export function nextFireAt(
  row: Pick<TriggerRow, "cron" | "timezone" | "start_date" | "end_date">,
  now: Date,
): string | null {
  const window = readScheduleWindow(row);
  if (window === null) return null;
  const next = nextFireAfter(window.spec, { ...window, after: now });
  return next === null ? null : next.toISOString();
}
