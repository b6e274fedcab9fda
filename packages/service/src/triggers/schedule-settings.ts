import { ServiceError } from "../errors/service-error.ts";
import type { RunInput } from "../runs/run-input.ts";
import { parseDateBound, resolveSchedule } from "../schedule/index.ts";
import type { TriggerRow } from "../store/index.ts";
import { fromJsonColumn } from "../store/index.ts";

/** A schedule trigger's settings as a request gives them (after the contract's schema). */
export interface ScheduleSettings {
  readonly schedule: string;
  readonly timezone: string;
  readonly start_date: string | null;
  readonly end_date: string | null;
}

/** The columns that hold a schedule trigger's settings. */
export type ScheduleColumns = Pick<
  TriggerRow,
  "schedule" | "cron" | "description" | "timezone" | "start_date" | "end_date"
>;

// The detail names the field, and for a cron expression the cron field too: "schedule (hour): …".
function badField(field: string, message: string, cronField?: string): ServiceError {
  const detail = `${field}${cronField === undefined || cronField === "expression" ? "" : ` (${cronField})`}: ${message}`;
  return new ServiceError("invalid_request", detail, { errors: [{ path: `/${field}`, message: detail }] });
}

/**
 * Validates a schedule with its zone and dates (contract.md#schedule-storage, D18–D20) and returns what to store: the
 * text as entered, the canonical cron, the phrase or null, the canonical zone name and the trimmed dates. Anything
 * wrong is a 400 naming the field (`schedule`, `timezone`, `start_date`, `end_date`).
 */
export function toScheduleColumns(settings: ScheduleSettings): ScheduleColumns {
  const resolved = resolveSchedule(settings.schedule, settings.timezone);
  if (!resolved.ok) throw badField(resolved.field, resolved.message, resolved.cronField);
  const dates = { start: settings.start_date?.trim() ?? null, end: settings.end_date?.trim() ?? null };
  const start = dates.start === null ? undefined : parseDateBound(dates.start, resolved.timezone, "start");
  if (start !== undefined && !start.ok) throw badField("start_date", start.message);
  const end = dates.end === null ? undefined : parseDateBound(dates.end, resolved.timezone, "end");
  if (end !== undefined && !end.ok) throw badField("end_date", end.message);
  if (start?.ok && end?.ok && end.instant < start.instant) {
    throw badField("end_date", `${dates.end} is before the start date ${dates.start}.`);
  }
  return {
    schedule: resolved.schedule,
    cron: resolved.cron,
    description: resolved.description,
    timezone: resolved.timezone,
    start_date: dates.start,
    end_date: dates.end,
  };
}

/** The stored form of an input payload; absent and null both mean none. */
export function toPayloadColumn(payload: unknown): string | null {
  return payload === undefined || payload === null ? null : JSON.stringify(payload);
}

/** The input each run of a schedule trigger gets: its payload as JSON, or no input. */
export function toPayloadInput(row: Pick<TriggerRow, "input_payload">): RunInput {
  return row.input_payload === null ? null : { type: "json", value: fromJsonColumn(row.input_payload) };
}
