import { parseCalendarDate, parseInstant } from "./parse-instant.ts";
import { resolveWallTime } from "./resolve-wall-time.ts";

const DAY = 86_400_000;

/** Result of reading a start or end date; the instant is an inclusive bound. */
export type DateBoundResult = { ok: true; instant: Date } | { ok: false; message: string };

/**
 * Reads a schedule's start or end date (D18): `YYYY-MM-DD` in the trigger's zone covers the whole day (a start
 * date from its first instant, an end date through its last), or an RFC 3339 date-time with an offset.
 *
 * @example parseDateBound("2026-03-08", "America/New_York", "end") // 2026-03-09T03:59:59.999Z
 */
export function parseDateBound(value: string, timezone: string, edge: "start" | "end"): DateBoundResult {
  const text = value.trim();
  const date = parseCalendarDate(text);
  if (date) {
    const midnight = Date.UTC(date.year, date.month - 1, date.day);
    const instant = edge === "start" ? startOfDay(timezone, midnight) : startOfDay(timezone, midnight + DAY) - 1;
    return { ok: true, instant: new Date(instant) };
  }
  const instant = parseInstant(text);
  if (instant) return { ok: true, instant };
  const hint = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
    ? " A date-time needs an offset such as Z or -05:00."
    : "";
  return {
    ok: false,
    message: `"${value}" is not a date: use YYYY-MM-DD or an RFC 3339 date-time such as 2026-03-08T09:00:00-05:00.${hint}`,
  };
}

// A day starts at its first real instant: 01:00 where a gap swallows midnight.
function startOfDay(timezone: string, midnight: number): number {
  return resolveWallTime(timezone, midnight).shifted;
}
