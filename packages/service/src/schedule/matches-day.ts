import type { CronSpec } from "./cron-spec.ts";

/** A calendar date with its weekday (0 = Sunday). */
export interface CalendarDay {
  readonly month: number;
  readonly day: number;
  readonly weekday: number;
}

/**
 * Whether a cron expression fires on a date; when day of month and day of week are both restricted, either
 * one matching is enough (D19).
 *
 * @example matchesDay(parseCron("0 0 13 * 5").cron, { month: 3, day: 6, weekday: 5 }) // true: a Friday
 */
export function matchesDay(cron: CronSpec, date: CalendarDay): boolean {
  if (!cron.months.includes(date.month)) return false;
  const dayOfMonth = cron.daysOfMonth.includes(date.day);
  const dayOfWeek = cron.daysOfWeek.includes(date.weekday);
  if (cron.dayOfMonthRestricted && cron.dayOfWeekRestricted) return dayOfMonth || dayOfWeek;
  return dayOfMonth && dayOfWeek;
}
