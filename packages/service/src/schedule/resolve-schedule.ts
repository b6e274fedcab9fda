import type { CronField, CronSpec } from "./cron-spec.ts";
import { describeSchedule } from "./describe-schedule.ts";
import { parseNaturalLanguage } from "./natural-language.ts";
import { parseCron } from "./parse-cron.ts";
import { validateTimezone } from "./timezone.ts";

/** A schedule as stored (contract.md#schedule-storage) plus its parsed form and display text. */
export interface ResolvedSchedule {
  /** The input as entered, trimmed. */
  readonly schedule: string;
  /** Canonical 5-field cron expression used for scheduling. */
  readonly cron: string;
  readonly spec: CronSpec;
  /** The natural-language text as entered, or null when the input was a cron expression. */
  readonly description: string | null;
  /** Canonical spelling of the zone. */
  readonly timezone: string;
  /** Description followed by the zone, e.g. `Every weekday at 9:00 AM (America/New_York)`. */
  readonly display: string;
}

/** Result of resolving a schedule; a failure names the input field and, for cron, the cron field. */
export type ResolveScheduleResult =
  | ({ ok: true } & ResolvedSchedule)
  | { ok: false; field: "schedule" | "timezone"; message: string; cronField?: CronField | "expression" };

// A cron expression opens with a macro or a numeric field ("0", "*/5"); a phrase opens with a word ("9am", "every").
const LOOKS_LIKE_CRON = /^(?:@|[\d*?,/-]+(?:\s|$))/;
const PHRASE_HINT = ' Or write a phrase such as "every weekday at 9am" or "every 15 minutes".';

/**
 * Validates a schedule (raw cron or D20 phrase) with its zone and returns what a schedule trigger stores.
 *
 * @example resolveSchedule("every weekday at 9am", "America/New_York").display // "Every weekday at 9:00 AM (America/New_York)"
 */
export function resolveSchedule(input: string, timezone: string): ResolveScheduleResult {
  const schedule = input.trim();
  if (schedule === "") {
    return { ok: false, field: "schedule", message: "Schedule is empty; enter a cron expression or a phrase." };
  }
  const isCron = LOOKS_LIKE_CRON.test(schedule);
  const phrase = isCron ? undefined : parseNaturalLanguage(schedule);
  if (phrase && !phrase.ok) return { ok: false, field: "schedule", message: phrase.message };
  const parsed = parseCron(phrase?.cron ?? schedule);
  if (!parsed.ok) {
    if (phrase) throw new Error(`natural language produced an invalid cron "${phrase.cron}": ${parsed.message}`);
    const hint = parsed.field === "expression" ? PHRASE_HINT : "";
    return { ok: false, field: "schedule", message: `${parsed.message}${hint}`, cronField: parsed.field };
  }
  const zone = validateTimezone(timezone);
  if (!zone.ok) return { ok: false, field: "timezone", message: zone.message };
  const cron = parsed.cron.expression;
  return {
    ok: true,
    schedule,
    cron,
    spec: parsed.cron,
    description: phrase ? schedule : null,
    timezone: zone.timezone,
    display: describeSchedule({ cron, phrase: phrase?.phrase }, zone.timezone),
  };
}
