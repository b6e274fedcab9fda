import { z } from "zod";
import { CALLBACK_EVENT_TYPES, callbackEnvelopeSchema } from "./callback.ts";
import { idSchema, instantSchema } from "./common.ts";

/** D25: one notification the receiver (`POST /api/v1/callback`) recorded, as `GET /api/v1/callbacks` lists it. */
export const receivedCallbackSchema = z
  .object({
    id: idSchema,
    webhook_id: z.string().meta({ description: "The sender's webhook-id header; a redelivery is recorded once." }),
    type: z.enum(CALLBACK_EVENT_TYPES),
    received_at: instantSchema,
    payload: callbackEnvelopeSchema,
  })
  .meta({ title: "Received callback" });

/** The answer of `GET /api/v1/callbacks`: newest first, `next_cursor` null on the last page. */
export const receivedCallbackPageSchema = z
  .object({
    items: z.array(receivedCallbackSchema),
    next_cursor: z.string().nullable().meta({ description: "Pass as ?cursor= for the next page; opaque." }),
  })
  .meta({ title: "Received callback page" });

export type ReceivedCallback = z.infer<typeof receivedCallbackSchema>;
export type ReceivedCallbackPage = z.infer<typeof receivedCallbackPageSchema>;

/** An example of a recorded callback. */
export const EXAMPLE_RECEIVED_CALLBACK: ReceivedCallback = {
  id: 1,
  webhook_id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  type: "workflow_run.completed",
  received_at: "2025-01-01T09:00:02.000Z",
  payload: {
    type: "workflow_run.completed",
    timestamp: "2025-01-01T09:00:01.000Z",
    data: { workflow_run_id: 129, workflow_id: 7, session_id: 129, trigger_id: 3, status: "completed", output: {} },
  },
};
