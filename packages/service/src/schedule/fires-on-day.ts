import type { CronSpec } from "./cron-spec.ts";
import { resolveWallTime } from "./resolve-wall-time.ts";
import { zoneOffset } from "./zone-offset.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The instants at which `cron` fires during one local day (its midnight given as wall time on a UTC-based
 * axis), applying D19 to times that daylight saving skips or repeats; unsorted and possibly with duplicates.
 *
 * @example firesOnDay(cron, "Europe/Berlin", Date.UTC(2026, 2, 29))
 */
export function firesOnDay(cron: CronSpec, timezone: string, midnight: number): number[] {
  const offset = zoneOffset(timezone, midnight - DAY);
  // Same offset a day before, midway and a day after: no transition touches this day, so skip the slow path.
  const steady =
    offset === zoneOffset(timezone, midnight + DAY / 2) && offset === zoneOffset(timezone, midnight + 2 * DAY);
  const fires: number[] = [];
  for (const hour of cron.hours) {
    for (const minute of cron.minutes) {
      const wall = midnight + hour * HOUR + minute * MINUTE;
      if (steady) {
        fires.push(wall - offset);
        continue;
      }
      const { instants, shifted } = resolveWallTime(timezone, wall);
      if (cron.hourPattern === "repeating") fires.push(...instants);
      else fires.push(shifted);
    }
  }
  return fires;
}
