/** A wall-clock time of day, 24-hour. */
export interface TimeOfDay {
  readonly hour: number;
  readonly minute: number;
}

const CLOCK = /^(\d{1,2})(?::(\d{2}))?(?: ?(am|pm))?$/;

/**
 * Reads the times D20 accepts: `9`, `9am`, `9:30`, `9:30pm`, `21:05`, `noon`, `midnight` (any case);
 * undefined for anything else, including 12-hour times with an hour outside 1–12.
 *
 * @example parseTimeOfDay("9:30pm") // { hour: 21, minute: 30 }
 */
export function parseTimeOfDay(text: string): TimeOfDay | undefined {
  const lower = text.toLowerCase();
  if (lower === "noon") return { hour: 12, minute: 0 };
  if (lower === "midnight") return { hour: 0, minute: 0 };
  const match = CLOCK.exec(lower);
  if (!match) return undefined;
  const [, hourText = "", minuteText = "0", meridiem] = match;
  const hour = Number(hourText);
  const minute = Number(minuteText);
  if (minute > 59) return undefined;
  if (meridiem === undefined) return hour <= 23 ? { hour, minute } : undefined;
  if (hour < 1 || hour > 12) return undefined;
  return { hour: (hour % 12) + (meridiem === "pm" ? 12 : 0), minute };
}

/**
 * Writes a time of day the way the display form shows it: `9:00 AM`, `12:00 PM` (noon), `12:00 AM` (midnight).
 *
 * @example formatTimeOfDay({ hour: 21, minute: 5 }) // "9:05 PM"
 */
export function formatTimeOfDay({ hour, minute }: TimeOfDay): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}
