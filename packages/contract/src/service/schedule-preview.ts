import { z } from "zod";
import { instantSchema, scheduleDateSchema } from "./common.ts";

/** D16: the body of `POST /api/v1/schedules/preview`. */
export const schedulePreviewRequestSchema = z
  .strictObject({
    schedule: z.string().min(1).max(200),
    timezone: z.string().min(1).max(64).optional().meta({ description: "IANA zone name; default UTC." }),
    start_date: scheduleDateSchema.nullable().optional(),
    end_date: scheduleDateSchema.nullable().optional(),
    after: z.iso.datetime({ offset: true }).optional().meta({ description: "RFC 3339 instant; default now." }),
    count: z.int().min(1).max(100).optional().meta({ description: "How many fire times; default 5." }),
  })
  .meta({
    title: "Schedule preview request",
    examples: [{ schedule: "every weekday at 9am", timezone: "America/New_York", count: 3 }],
  });

/** D16: what a schedule will do: its canonical cron, its text, its display form and its next fire times. */
export const schedulePreviewResponseSchema = z
  .object({
    cron: z.string(),
    description: z.string().nullable(),
    display: z.string(),
    fires: z.array(instantSchema),
  })
  .meta({
    title: "Schedule preview response",
    examples: [
      {
        cron: "0 9 * * 1-5",
        description: "every weekday at 9am",
        display: "Every weekday at 9:00 AM (America/New_York)",
        fires: ["2025-01-06T14:00:00.000Z", "2025-01-07T14:00:00.000Z", "2025-01-08T14:00:00.000Z"],
      },
    ],
  });

export type SchedulePreviewRequest = z.infer<typeof schedulePreviewRequestSchema>;
export type SchedulePreviewResponse = z.infer<typeof schedulePreviewResponseSchema>;
