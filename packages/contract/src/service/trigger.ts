import { z } from "zod";
import { httpUrlSchema, idSchema, instantSchema } from "./common.ts";
import { installationIdSchema } from "./installation-id.ts";
import { WEBHOOK_TOKEN_PATTERN } from "./trigger-request.ts";

/** The three trigger types (contract.md#triggers). */
export const TRIGGER_TYPES = ["schedule", "webhook", "app_event"] as const;

const stringOrList = z.union([z.string(), z.array(z.string())]);

/** D26: app-event filter; every given condition must hold (AND), no regexes. */
export const eventFilterSchema = z
  .strictObject({
    sender: stringOrList.optional().meta({ description: "The sender, or one of these senders." }),
    is_dm: z.boolean().optional(),
    thread_id: z.string().optional(),
    message_contains: z.string().optional().meta({ description: "A substring the message must contain." }),
    metadata: z.record(z.string(), stringOrList).optional().meta({ description: "Metadata key → value(s)." }),
  })
  .meta({ title: "Event filter", examples: [{ sender: ["ana@example.com"], message_contains: "invoice" }] });

const triggerCommon = {
  id: idSchema,
  workflow_id: idSchema,
  name: z.string(),
  enabled: z.boolean(),
  fire_count: z.int().nonnegative(),
  last_fired_at: instantSchema.nullable(),
  callback_url: httpUrlSchema.nullable().meta({ description: "D25: overrides the workflow's callback_url." }),
  created_at: instantSchema,
};

// The hook path and the token (43 characters, contract.md#webhook-token) end the URL.
const WEBHOOK_URL_PATTERN = new RegExp(`/api/v1/hooks/${WEBHOOK_TOKEN_PATTERN.source.replace(/^\^/, "")}`);

/** D17: a webhook trigger; its URL carries the 43-character token. */
export const webhookTriggerSchema = z
  .object({
    ...triggerCommon,
    type: z.literal("webhook"),
    webhook_url: z
      .url()
      .regex(WEBHOOK_URL_PATTERN, "expected a URL ending in /api/v1/hooks/ and the 43-character token")
      // zod writes only the pattern once a regex is added; the URL format is stated again.
      .meta({ format: "uri", description: "Read-only; POST here to start a run. Never changes." }),
  })
  .meta({ title: "Webhook trigger" });

/** D17: a schedule trigger. */
export const scheduleTriggerSchema = z
  .object({
    ...triggerCommon,
    type: z.literal("schedule"),
    schedule: z.string().meta({ description: "As entered: a cron expression or a natural-language phrase." }),
    cron: z.string().meta({ description: "The canonical 5-field cron expression." }),
    description: z.string().nullable().meta({ description: "The natural-language text, or null for raw cron." }),
    timezone: z.string().meta({ description: "IANA zone name." }),
    display: z.string().meta({ description: "Human-readable form, ending with the zone." }),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    input_payload: z.unknown().meta({ description: "Static input for each run; null for none." }),
    next_fire_at: instantSchema.nullable(),
  })
  .meta({ title: "Schedule trigger" });

/** D17: an app-event trigger. */
export const appEventTriggerSchema = z
  .object({
    ...triggerCommon,
    type: z.literal("app_event"),
    app_installation_id: installationIdSchema,
    event_type: z.string(),
    target_stage: z.string(),
    event_filter: eventFilterSchema.nullable(),
  })
  .meta({ title: "App-event trigger" });

/** D17: a trigger as the management API returns it. */
export const triggerSchema = z
  .discriminatedUnion("type", [webhookTriggerSchema, scheduleTriggerSchema, appEventTriggerSchema])
  .meta({
    title: "Trigger",
    examples: [
      {
        id: 3,
        workflow_id: 7,
        type: "webhook",
        name: "Orders",
        enabled: true,
        fire_count: 0,
        last_fired_at: null,
        callback_url: null,
        created_at: "2025-01-01T09:00:00.000Z",
        webhook_url: "http://localhost:3000/api/v1/hooks/q3xG0vJ8m2Yk7dR1sT5wZ9aB4cE6fH0iK2lM8nP1rU3",
      },
    ],
  });

/** The answer of `GET /api/v1/workflows/{id}/triggers`. */
export const triggerListSchema = z.object({ items: z.array(triggerSchema) }).meta({ title: "Trigger list" });

export type TriggerType = (typeof TRIGGER_TYPES)[number];
export type EventFilter = z.infer<typeof eventFilterSchema>;
export type WebhookTrigger = z.infer<typeof webhookTriggerSchema>;
export type ScheduleTrigger = z.infer<typeof scheduleTriggerSchema>;
export type AppEventTrigger = z.infer<typeof appEventTriggerSchema>;
export type Trigger = z.infer<typeof triggerSchema>;
export type TriggerList = z.infer<typeof triggerListSchema>;
