import { z } from "zod";
import { httpUrlSchema, nameSchema, scheduleDateSchema, withoutControls } from "./common.ts";
import { installationIdSchema } from "./installation-id.ts";
import { eventFilterSchema } from "./trigger.ts";

const common = {
  name: nameSchema,
  enabled: z.boolean().optional().meta({ description: "Default true; refused (409) when the workflow prompts." }),
  callback_url: httpUrlSchema.nullable().optional(),
};

const scheduleFields = {
  schedule: z.string().min(1).max(200).meta({ description: "5-field cron or a supported natural-language phrase." }),
  timezone: z.string().min(1).max(64).optional().meta({ description: "IANA zone name; default UTC." }),
  start_date: scheduleDateSchema.nullable().optional(),
  end_date: scheduleDateSchema.nullable().optional(),
  input_payload: z.unknown().optional().meta({ description: "Static input for each run." }),
};

const appEventFields = {
  app_installation_id: installationIdSchema,
  event_type: withoutControls(z.string().min(1).max(200)),
  target_stage: withoutControls(z.string().min(1).max(100)),
  event_filter: eventFilterSchema.nullable().optional(),
};

/** D16: the body of `POST /api/v1/workflows/{id}/triggers`, one shape per trigger type. */
export const triggerCreateSchema = z
  .discriminatedUnion("type", [
    z.strictObject({ type: z.literal("webhook"), ...common }).meta({ title: "Webhook trigger create request" }),
    z.strictObject({ type: z.literal("schedule"), ...common, ...scheduleFields }).meta({
      title: "Schedule trigger create request",
    }),
    z.strictObject({ type: z.literal("app_event"), ...common, ...appEventFields }).meta({
      title: "App-event trigger create request",
    }),
  ])
  .meta({
    title: "Trigger create request",
    examples: [
      { type: "webhook", name: "Orders" },
      { type: "schedule", name: "Morning digest", schedule: "every weekday at 9am", timezone: "Europe/Berlin" },
    ],
  });

/** D16: `PATCH /api/v1/triggers/{id}` for a webhook trigger (its URL never changes). */
export const webhookTriggerPatchSchema = z
  .strictObject({ name: nameSchema.optional(), enabled: common.enabled, callback_url: common.callback_url })
  .meta({ title: "Webhook trigger patch request" });

/** D16: `PATCH /api/v1/triggers/{id}` for a schedule trigger. */
export const scheduleTriggerPatchSchema = z
  .strictObject({
    name: nameSchema.optional(),
    enabled: common.enabled,
    callback_url: common.callback_url,
    ...scheduleFields,
    schedule: scheduleFields.schedule.optional(),
  })
  .meta({ title: "Schedule trigger patch request" });

/** D16: `PATCH /api/v1/triggers/{id}` for an app-event trigger. */
export const appEventTriggerPatchSchema = z
  .strictObject({
    name: nameSchema.optional(),
    enabled: common.enabled,
    callback_url: common.callback_url,
    event_type: appEventFields.event_type.optional(),
    target_stage: appEventFields.target_stage.optional(),
    event_filter: appEventFields.event_filter,
  })
  .meta({ title: "App-event trigger patch request" });

/** D16: the body of `PATCH /api/v1/triggers/{id}`; the fields allowed depend on the stored trigger's type. */
export const triggerPatchSchema = z
  .union([webhookTriggerPatchSchema, scheduleTriggerPatchSchema, appEventTriggerPatchSchema])
  .meta({ title: "Trigger patch request", examples: [{ name: "Orders (EU)" }, { enabled: false }] });

export type TriggerCreate = z.infer<typeof triggerCreateSchema>;
export type WebhookTriggerPatch = z.infer<typeof webhookTriggerPatchSchema>;
export type ScheduleTriggerPatch = z.infer<typeof scheduleTriggerPatchSchema>;
export type AppEventTriggerPatch = z.infer<typeof appEventTriggerPatchSchema>;
export type TriggerPatch = z.infer<typeof triggerPatchSchema>;
