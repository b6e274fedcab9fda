/** The five cron fields in order, as named in error results. */
export const CRON_FIELDS = ["minute", "hour", "day_of_month", "month", "day_of_week"] as const;

/** One of the five cron field names. */
export type CronField = (typeof CRON_FIELDS)[number];

/**
 * How the hour field treats daylight-saving changes (D19): `repeating` (hour `*` or a step) fires at every real
 * instant whose local time matches; `fixed` fires once per wall time, shifted forward through a gap.
 */
export type HourPattern = "fixed" | "repeating";

/** A validated 5-field cron expression, expanded into the values each field matches. */
export interface CronSpec {
  /** Canonical 5-field form: whitespace collapsed, macros expanded. */
  readonly expression: string;
  readonly minutes: readonly number[];
  readonly hours: readonly number[];
  readonly daysOfMonth: readonly number[];
  readonly months: readonly number[];
  /** 0–6 with Sunday as 0 (a 7 in the expression is folded into 0). */
  readonly daysOfWeek: readonly number[];
  /** True when the day-of-month field is anything but exactly `*`. */
  readonly dayOfMonthRestricted: boolean;
  /** True when the day-of-week field is anything but exactly `*`. */
  readonly dayOfWeekRestricted: boolean;
  readonly hourPattern: HourPattern;
}
