const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/**
 * The zone's UTC offset in milliseconds at an instant (local wall time minus UTC), from the runtime's tz data.
 *
 * @example zoneOffset("America/New_York", Date.parse("2026-07-01T12:00:00Z")) // -14_400_000
 */
export function zoneOffset(timezone: string, instant: number): number {
  const parts = formatterFor(timezone).formatToParts(new Date(instant));
  const value = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(
    value("year"),
    value("month") - 1,
    value("day"),
    value("hour"),
    value("minute"),
    value("second"),
  );
  // Whole seconds: Intl drops milliseconds, and offsets are whole seconds.
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The wall-clock time of an instant in a zone, as milliseconds on a UTC-based axis ("naive" local time). */
export function toWallTime(timezone: string, instant: number): number {
  return instant + zoneOffset(timezone, instant);
}
