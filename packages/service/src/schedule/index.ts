export type { CronField, CronSpec, HourPattern } from "./cron-spec.ts";
export { CRON_FIELDS } from "./cron-spec.ts";
export type { ScheduleWording } from "./describe-schedule.ts";
export { describeSchedule } from "./describe-schedule.ts";
export type { NaturalLanguageResult } from "./natural-language.ts";
export { parseNaturalLanguage } from "./natural-language.ts";
export type { NextFiresOptions } from "./next-fires.ts";
export { nextFireAfter, nextFires } from "./next-fires.ts";
export type { ParseCronResult } from "./parse-cron.ts";
export { CRON_MACROS, parseCron } from "./parse-cron.ts";
export type { DateBoundResult } from "./parse-date-bound.ts";
export { parseDateBound } from "./parse-date-bound.ts";
export { parseInstant } from "./parse-instant.ts";
export type {
  PreviewField,
  PreviewScheduleInput,
  PreviewScheduleResult,
  SchedulePreview,
} from "./preview-schedule.ts";
export { PREVIEW_COUNT, previewSchedule } from "./preview-schedule.ts";
export type { ResolvedSchedule, ResolveScheduleResult } from "./resolve-schedule.ts";
export { resolveSchedule } from "./resolve-schedule.ts";
export type { TimezoneResult } from "./timezone.ts";
export { validateTimezone } from "./timezone.ts";
