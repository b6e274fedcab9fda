import type { CronSpec } from "./cron-spec.ts";
import { firesOnDay } from "./fires-on-day.ts";
import { matchesDay } from "./matches-day.ts";
import { toWallTime } from "./zone-offset.ts";

const DAY = 86_400_000;
// Every accepted expression fires at least once in 8 years (29 February); this bounds even a hand-made spec.
const HORIZON = 500 * 366 * DAY;

/** Where and when to look for fire times. */
export interface NextFiresOptions {
  /** IANA zone whose wall clock the expression follows; validate it first with `validateTimezone`. */
  readonly timezone: string;
  /** Fire times are strictly later than this instant. */
  readonly after: Date;
  readonly count: number;
  /** Earliest allowed fire time, inclusive (see `parseDateBound`). */
  readonly startDate?: Date | undefined;
  /** Latest allowed fire time, inclusive (see `parseDateBound`). */
  readonly endDate?: Date | undefined;
}

/**
 * The next `count` instants at which `cron` fires in its zone, ascending and distinct, following D19; fewer
 * when the end date comes first.
 *
 * @example nextFires(cron, { timezone: "America/New_York", after: new Date(), count: 5 })
 */
export function nextFires(cron: CronSpec, options: NextFiresOptions): Date[] {
  const { timezone, count } = options;
  const lower = Math.max(options.after.getTime() + 1, options.startDate?.getTime() ?? Number.NEGATIVE_INFINITY);
  const upper = options.endDate?.getTime() ?? Number.POSITIVE_INFINITY;
  // Written so that an invalid Date (NaN) also ends here rather than scanning.
  if (count < 1 || !(lower <= upper)) return [];
  // Start a day early: the previous local day can still hold later instants (a fall-back at midnight repeats it).
  const first = Math.floor(toWallTime(timezone, lower) / DAY) * DAY - DAY;
  // Wall time runs at most 14 h ahead of UTC, so no local day past `upper` + 2 days can hold a fire time.
  const limit = Math.min(first + HORIZON, upper + 2 * DAY);
  const found = new Set<number>();
  let stop = Number.POSITIVE_INFINITY;
  for (let midnight = first; midnight <= limit && midnight <= stop; ) {
    const date = new Date(midnight);
    const month = date.getUTCMonth() + 1;
    if (!cron.months.includes(month)) {
      midnight = Date.UTC(date.getUTCFullYear(), month, 1);
      continue;
    }
    if (matchesDay(cron, { month, day: date.getUTCDate(), weekday: date.getUTCDay() })) {
      for (const fire of firesOnDay(cron, timezone, midnight)) {
        if (fire >= lower && fire <= upper) found.add(fire);
      }
      // Fire times of neighbouring days can interleave around a transition, so finish one more day.
      if (found.size >= count && stop === Number.POSITIVE_INFINITY) stop = midnight + DAY;
    }
    midnight += DAY;
  }
  return [...found]
    .sort((a, b) => a - b)
    .slice(0, count)
    .map((fire) => new Date(fire));
}

/**
 * The next instant at which `cron` fires after `options.after`, or null when none falls inside the window.
 *
 * @example nextFireAfter(cron, { timezone: "UTC", after: lastFiredAt })
 */
export function nextFireAfter(cron: CronSpec, options: Omit<NextFiresOptions, "count">): Date | null {
  return nextFires(cron, { ...options, count: 1 })[0] ?? null;
}
