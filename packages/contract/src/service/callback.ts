import { z } from "zod";
import { idSchema, instantSchema } from "./common.ts";

/** D25: the event types a callback carries. */
export const CALLBACK_EVENT_TYPES = ["workflow_run.completed", "workflow_run.failed", "workflow_run.output"] as const;

const runData = {
  workflow_run_id: idSchema,
  workflow_id: idSchema,
  session_id: idSchema,
  trigger_id: idSchema.nullable(),
};

/** D25: a run finished; `output` is the last stage's result. */
export const runCompletedEnvelopeSchema = z
  .object({
    type: z.literal("workflow_run.completed"),
    timestamp: instantSchema,
    data: z.object({ ...runData, status: z.literal("completed"), output: z.unknown() }),
  })
  .meta({ title: "workflow_run.completed" });

/** D25: a run failed; `error` says why. */
export const runFailedEnvelopeSchema = z
  .object({
    type: z.literal("workflow_run.failed"),
    timestamp: instantSchema,
    data: z.object({ ...runData, status: z.literal("failed"), error: z.string() }),
  })
  .meta({ title: "workflow_run.failed" });

/** D25: a running run emitted an output event. */
export const runOutputEnvelopeSchema = z
  .object({
    type: z.literal("workflow_run.output"),
    timestamp: instantSchema,
    data: z.object({
      ...runData,
      status: z.literal("running"),
      stage: z.string(),
      sequence: z.int().nonnegative(),
      output: z.unknown(),
    }),
  })
  .meta({ title: "workflow_run.output" });

/** D25: the Standard Webhooks envelope `{ type, timestamp, data }` of every callback. */
export const callbackEnvelopeSchema = z
  .discriminatedUnion("type", [runCompletedEnvelopeSchema, runFailedEnvelopeSchema, runOutputEnvelopeSchema])
  .meta({
    title: "Callback envelope",
    description: "Sent with webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks).",
    examples: [
      {
        type: "workflow_run.completed",
        timestamp: "2025-01-01T09:00:01.000Z",
        data: { workflow_run_id: 129, workflow_id: 7, session_id: 129, trigger_id: 3, status: "completed", output: {} },
      },
    ],
  });

export type CallbackEventType = (typeof CALLBACK_EVENT_TYPES)[number];
export type CallbackEnvelope = z.infer<typeof callbackEnvelopeSchema>;
