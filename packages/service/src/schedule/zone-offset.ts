const HOUR = 3_600_000;
/** Cached (zone, hour) offsets; the oldest go first past this many (about 2 MB at the bound). */
export const MAX_CACHED_OFFSETS = 20_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
// Offsets by zone and UTC hour, only for hours with one offset throughout (see zoneOffset).
const offsets = new Map<string, number>();

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

/** The offset at an instant straight from the runtime's tz data (one formatToParts, tens of microseconds). */
export function exactZoneOffset(timezone: string, instant: number): number {
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timezone).formatToParts(new Date(instant))) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  // Whole seconds: Intl drops milliseconds, and offsets are whole seconds.
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The zone's UTC offset in milliseconds at an instant (local wall time minus UTC), from the runtime's tz data.
 * An hour whose first and last second have the same offset is remembered for the zone (no zone changes its
 * offset twice within an hour); an hour that holds a transition is worked out exactly every time.
 *
 * @example zoneOffset("America/New_York", Date.parse("2026-07-01T12:00:00Z")) // -14_400_000
 */
export function zoneOffset(timezone: string, instant: number): number {
  const hour = Math.floor(instant / HOUR);
  const key = `${timezone} ${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const start = hour * HOUR;
  const first = exactZoneOffset(timezone, start);
  if (first !== exactZoneOffset(timezone, start + HOUR - 1000)) return exactZoneOffset(timezone, instant);
  if (offsets.size >= MAX_CACHED_OFFSETS) {
    const oldest = offsets.keys().next().value;
    if (oldest !== undefined) offsets.delete(oldest);
  }
  offsets.set(key, first);
  return first;
}

/** How many (zone, hour) offsets are remembered now; at most MAX_CACHED_OFFSETS. */
export function cachedOffsetCount(): number {
  return offsets.size;
}

/** The wall-clock time of an instant in a zone, as milliseconds on a UTC-based axis ("naive" local time). */
export function toWallTime(timezone: string, instant: number): number {
  return instant + zoneOffset(timezone, instant);
}
