const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses an RFC 3339 date-time that carries an offset (`Z` or `±hh:mm`); undefined for anything else,
 * including impossible dates that `Date.parse` would roll over (2026-02-30).
 *
 * @example parseInstant("2026-03-08T02:30:00-05:00") // 2026-03-08T07:30:00.000Z
 */
export function parseInstant(text: string): Date | undefined {
  const match = RFC3339.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, , offset = ""] = match.map((part) => part ?? "");
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  if (offset.length === 6 && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59)) return undefined;
  const instant = Date.parse(text.replace(" ", "T").toUpperCase());
  return Number.isNaN(instant) ? undefined : new Date(instant);
}

/**
 * Parses a calendar date `YYYY-MM-DD` into its parts; undefined when malformed or impossible.
 *
 * @example parseCalendarDate("2026-02-28") // { year: 2026, month: 2, day: 28 }
 */
export function parseCalendarDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return isCalendarDate(year, month, day) ? { year, month, day } : undefined;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
