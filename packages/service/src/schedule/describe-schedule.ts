import cronstrue from "cronstrue";

/** What a schedule is shown as: the user's phrase in normalised wording, or else a cron expression. */
export interface ScheduleWording {
  readonly cron: string;
  /** Normalised natural-language wording, when the schedule was entered as a phrase. */
  readonly phrase?: string | undefined;
}

/**
 * The display form of a schedule, which always ends with its zone (contract.md#schedule-display, D20); a raw cron
 * expression is worded by cronstrue.
 *
 * @example describeSchedule({ cron: "0 9 * * 1-5" }, "UTC") // "At 09:00 AM, Monday through Friday (UTC)"
 */
export function describeSchedule(wording: ScheduleWording, timezone: string): string {
  return `${wording.phrase ?? describeCron(wording.cron)} (${timezone})`;
}

function describeCron(expression: string): string {
  try {
    return cronstrue.toString(expression, { use24HourTimeFormat: false, throwExceptionOnParseError: true });
  } catch {
    // Only validated expressions reach here; should cronstrue still refuse one, show the expression itself.
    return expression;
  }
}
