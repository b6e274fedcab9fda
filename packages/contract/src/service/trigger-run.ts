import { z } from "zod";
import { idSchema, instantSchema } from "./common.ts";

/** What fired a trigger. */
export const TRIGGER_RUN_SOURCES = ["schedule", "webhook", "manual", "app_event"] as const;

/** Whether a firing started its run, failed to, or was a missed schedule slot. */
export const TRIGGER_RUN_STATUSES = ["succeeded", "failed", "missed"] as const;

/** D17: one firing of a trigger. */
export const triggerRunSchema = z
  .object({
    id: idSchema,
    trigger_id: idSchema,
    source: z.enum(TRIGGER_RUN_SOURCES),
    scheduled_for: instantSchema.nullable().meta({ description: "The schedule slot; null for other sources." }),
    fired_at: instantSchema,
    status: z.enum(TRIGGER_RUN_STATUSES),
    workflow_run_id: idSchema.nullable(),
    error: z.string().nullable(),
  })
  .meta({
    title: "Trigger run",
    examples: [
      {
        id: 11,
        trigger_id: 3,
        source: "webhook",
        scheduled_for: null,
        fired_at: "2025-01-01T09:00:00.000Z",
        status: "succeeded",
        workflow_run_id: 129,
        error: null,
      },
    ],
  });

/** The answer of `GET /api/v1/triggers/{id}/runs`: newest first, `next_cursor` null on the last page. */
export const triggerRunPageSchema = z
  .object({
    items: z.array(triggerRunSchema),
    next_cursor: z.string().nullable().meta({ description: "Pass as ?cursor= for the next page; opaque." }),
  })
  .meta({ title: "Trigger run page" });

export type TriggerRunSource = (typeof TRIGGER_RUN_SOURCES)[number];
export type TriggerRunStatus = (typeof TRIGGER_RUN_STATUSES)[number];
export type TriggerRun = z.infer<typeof triggerRunSchema>;
export type TriggerRunPage = z.infer<typeof triggerRunPageSchema>;
