import type { SchedulePreviewRequest, SchedulePreviewResponse } from "@adapterkit/contract";
import { nextFires } from "./next-fires.ts";
import { parseDateBound } from "./parse-date-bound.ts";
import { parseInstant } from "./parse-instant.ts";
import { resolveSchedule } from "./resolve-schedule.ts";

/** Body of `POST /api/v1/schedules/preview` (D16), as the contract defines it. */
export type PreviewScheduleInput = SchedulePreviewRequest;

/** What a schedule will do, before it is saved: cron, description, display and fire times (RFC 3339 UTC). */
export type SchedulePreview = SchedulePreviewResponse;

/** The input field a preview error is about. */
export type PreviewField = "schedule" | "timezone" | "start_date" | "end_date" | "after" | "count";

/** A preview, or the field at fault and why. */
export type PreviewScheduleResult =
  | { ok: true; preview: SchedulePreview }
  | { ok: false; field: PreviewField; message: string };

/** Default and bounds of `count`. */
export const PREVIEW_COUNT = { default: 5, min: 1, max: 100 } as const;

/**
 * The pure core of `POST /api/v1/schedules/preview`: resolves the schedule and lists its next fire times
 * inside the date window.
 *
 * @example previewSchedule({ schedule: "every day at 9", timezone: "Europe/Berlin", count: 2 }, new Date())
 */
export function previewSchedule(input: PreviewScheduleInput, now: Date): PreviewScheduleResult {
  const resolved = resolveSchedule(input.schedule, input.timezone ?? "UTC");
  if (!resolved.ok) return { ok: false, field: resolved.field, message: resolved.message };
  const { timezone } = resolved;
  // null (no bound) and absent mean the same here.
  const start = input.start_date == null ? undefined : parseDateBound(input.start_date, timezone, "start");
  if (start && !start.ok) return { ok: false, field: "start_date", message: start.message };
  const end = input.end_date == null ? undefined : parseDateBound(input.end_date, timezone, "end");
  if (end && !end.ok) return { ok: false, field: "end_date", message: end.message };
  if (start?.ok && end?.ok && end.instant < start.instant) {
    return { ok: false, field: "end_date", message: "End date is before start date." };
  }
  const after = input.after === undefined ? now : parseInstant(input.after.trim());
  if (!after) {
    return { ok: false, field: "after", message: `"${input.after}" is not an RFC 3339 date-time with an offset.` };
  }
  const count = input.count ?? PREVIEW_COUNT.default;
  if (!Number.isInteger(count) || count < PREVIEW_COUNT.min || count > PREVIEW_COUNT.max) {
    return { ok: false, field: "count", message: `Count must be a whole number from 1 to ${PREVIEW_COUNT.max}.` };
  }
  const fires = nextFires(resolved.spec, {
    timezone,
    after,
    count,
    startDate: start?.ok ? start.instant : undefined,
    endDate: end?.ok ? end.instant : undefined,
  });
  const { cron, description, display } = resolved;
  return { ok: true, preview: { cron, description, display, fires: fires.map((fire) => fire.toISOString()) } };
}
