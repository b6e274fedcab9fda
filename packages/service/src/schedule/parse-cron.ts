import type { CronField, CronSpec } from "./cron-spec.ts";
import { CRON_FIELD_RANGES, parseCronField } from "./parse-cron-field.ts";

/** Result of validating a cron expression; a failure names the field at fault. */
export type ParseCronResult =
  | { ok: true; cron: CronSpec }
  | { ok: false; field: CronField | "expression"; message: string };

/** The macros D19 accepts and the 5-field expressions they stand for. */
export const CRON_MACROS: Readonly<Record<string, string>> = {
  "@hourly": "0 * * * *",
  "@daily": "0 0 * * *",
  "@weekly": "0 0 * * 0",
  "@monthly": "0 0 1 * *",
  "@yearly": "0 0 1 1 *",
};

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
// February counts 29 days: a schedule for the 29th fires in leap years, so it is possible.
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Validates a 5-field cron expression or macro (D19) and expands it; never throws.
 *
 * @example parseCron("0 9 * * 1-5") // { ok: true, cron: { expression: "0 9 * * 1-5", hours: [9], ... } }
 */
export function parseCron(input: string): ParseCronResult {
  const text = input.trim();
  if (text.startsWith("@")) return parseMacro(text);
  const parts = text.split(/\s+/);
  if (parts.length !== 5) {
    const extra = parts.length > 5 ? " Seconds and years are not supported." : "";
    return {
      ok: false,
      field: "expression",
      message: `A cron expression has 5 fields (minute hour day-of-month month day-of-week); got ${text === "" ? 0 : parts.length}.${extra}`,
    };
  }
  const fields: number[][] = [];
  for (const [index, range] of CRON_FIELD_RANGES.entries()) {
    const result = parseCronField(parts[index] ?? "", range);
    if (!result.ok) return { ok: false, field: range.field, message: result.message };
    fields.push(result.values);
  }
  const [minutes = [], hours = [], daysOfMonth = [], months = [], weekdays = []] = fields;
  const cron: CronSpec = {
    expression: parts.join(" "),
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek: [...new Set(weekdays.map((day) => day % 7))].sort((a, b) => a - b),
    dayOfMonthRestricted: parts[2] !== "*",
    dayOfWeekRestricted: parts[4] !== "*",
    hourPattern: parts[1] === "*" || parts[1]?.includes("/") ? "repeating" : "fixed",
  };
  const impossible = describeImpossibleDate(cron);
  return impossible ? { ok: false, field: "day_of_month", message: impossible } : { ok: true, cron };
}

function parseMacro(text: string): ParseCronResult {
  const expansion = CRON_MACROS[text.toLowerCase()];
  if (expansion !== undefined) return parseCron(expansion);
  return {
    ok: false,
    field: "expression",
    message: `"${text}" is not supported; use @hourly, @daily, @weekly, @monthly or @yearly.`,
  };
}

// Only a day-of-month restriction alone can be impossible: with both restricted, any matching weekday fires.
function describeImpossibleDate(cron: CronSpec): string | undefined {
  if (!cron.dayOfMonthRestricted || cron.dayOfWeekRestricted) return undefined;
  const possible = cron.months.some((month) => cron.daysOfMonth.some((day) => day <= (DAYS_IN_MONTH[month - 1] ?? 31)));
  if (possible) return undefined;
  const days = cron.daysOfMonth.join(", ");
  const months = cron.months.map((month) => MONTH_NAMES[month - 1]).join(" or ");
  const subject =
    cron.daysOfMonth.length === 1 ? `Day of month ${days} never occurs` : `Days of month ${days} never occur`;
  return `${subject} in ${months}, so this schedule would never fire.`;
}
