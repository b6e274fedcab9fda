import { z } from "zod";
import { idSchema, instantSchema } from "./common.ts";
import { installationIdSchema } from "./installation-id.ts";

/** D512: why an attempt failed when it got no status to show, or what a non-2xx status amounts to. */
export const ATTEMPT_ERROR_CLASSES = [
  "http_status",
  "timeout",
  "network_error",
  "refused_by_guard",
  "adapter_retryable",
  "adapter_refused",
  "uninstalled",
] as const;

/** The state an attempt left its delivery in. */
export const ATTEMPT_OUTCOMES = ["pending", "delivered", "gone", "dead"] as const;

/** D511: how many bytes of a response an attempt record keeps. */
export const ATTEMPT_EXCERPT_BYTES = 1024;

/** An attempt, as the examples show it. */
export const EXAMPLE_ATTEMPT = {
  attempt: 1,
  started_at: "2025-01-01T09:00:00.000Z",
  latency_ms: 42,
  http_status: 500,
  error_class: "http_status",
  error: "HTTP 500",
  response_excerpt: '{"error":"database unavailable"}',
  excerpt_truncated: false,
  next_attempt_at: "2025-01-01T09:00:05.000Z",
  outcome: "pending",
};

/** D510: one attempt at an outbound delivery (a callback or a front-desk reply), kept 30 days (D513). */
export const outboundAttemptSchema = z
  .object({
    attempt: z.int().min(1).meta({ description: "1 for the first attempt, counting up." }),
    started_at: instantSchema,
    latency_ms: z.int().min(0),
    http_status: z.int().nullable().meta({ description: "The receiver's HTTP status; null when none came back." }),
    error_class: z.enum(ATTEMPT_ERROR_CLASSES).nullable().meta({ description: "Null when the attempt delivered." }),
    error: z.string().nullable(),
    response_excerpt: z
      .string()
      .nullable()
      .meta({ description: "The first 1 KiB of the answer, secrets redacted (D511); null when there was none." }),
    excerpt_truncated: z.boolean(),
    next_attempt_at: instantSchema.nullable().meta({ description: "When the next try is due; null when final." }),
    outcome: z.enum(ATTEMPT_OUTCOMES).meta({ description: "The delivery's state after this attempt." }),
  })
  .meta({ title: "Outbound attempt", examples: [EXAMPLE_ATTEMPT] });

/** A callback delivery, as the examples show it. */
export const EXAMPLE_CALLBACK_DELIVERY = {
  id: 17,
  workflow_run_id: 129,
  event_type: "workflow_run.completed",
  url: "https://example.com/hooks/adapterkit",
  webhook_id: "msg_2b6Hq0cMqkT1mI3a9yXb0w",
  status: "dead",
  attempt_count: 9,
  next_attempt_at: null,
  created_at: "2025-01-01T09:00:00.000Z",
  finished_at: "2025-01-01T20:00:00.000Z",
  resent_from: null,
  attempts: [EXAMPLE_ATTEMPT],
};

/** D25 + D510: one callback on the outbox with its attempts, oldest attempt first. */
export const callbackDeliverySchema = z
  .object({
    id: idSchema,
    workflow_run_id: idSchema,
    event_type: z.string(),
    url: z.string().meta({ description: "The callback URL, without any user:password part." }),
    webhook_id: z.string().meta({ description: "The Standard Webhooks `webhook-id`; a resend gets a new one (D514)." }),
    status: z.enum(["pending", "delivered", "gone", "dead"]),
    attempt_count: z.int().min(0),
    next_attempt_at: instantSchema.nullable(),
    created_at: instantSchema,
    finished_at: instantSchema.nullable(),
    resent_from: idSchema.nullable().meta({ description: "The delivery this one resends (D514); null otherwise." }),
    attempts: z.array(outboundAttemptSchema),
  })
  .meta({ title: "Callback delivery", examples: [EXAMPLE_CALLBACK_DELIVERY] });

/** `GET /api/v1/workflow-runs/{id}/callbacks`: the run's callback deliveries, newest first. */
export const callbackDeliveryListSchema = z
  .object({ items: z.array(callbackDeliverySchema) })
  .meta({ title: "Callback delivery list" });

/** A front-desk reply, as the examples show it. */
export const EXAMPLE_REPLY = {
  id: 8,
  installation_id: "inst_q3xG0vJ8m2Yk7dR1sT5wZ9",
  channel_address: "C024BE91L",
  thread_id: null,
  status: "delivered",
  attempt_count: 1,
  message_id: "1700000000.000100",
  next_attempt_at: null,
  created_at: "2025-01-01T09:00:00.000Z",
  delivered_at: "2025-01-01T09:00:01.000Z",
  resent_from: null,
  attempts: [
    {
      ...EXAMPLE_ATTEMPT,
      http_status: 200,
      error_class: null,
      error: null,
      response_excerpt: '{"ok":true,"message_id":"1700000000.000100"}',
      next_attempt_at: null,
      outcome: "delivered",
    },
  ],
};

/** A11 + D510: one front-desk reply on the deliveries outbox with its attempts, oldest attempt first. */
export const replySchema = z
  .object({
    id: idSchema,
    installation_id: installationIdSchema,
    channel_address: z.string(),
    thread_id: z.string().nullable(),
    status: z.enum(["pending", "delivered", "dead"]),
    attempt_count: z.int().min(0),
    message_id: z.string().nullable(),
    next_attempt_at: instantSchema.nullable(),
    created_at: instantSchema,
    delivered_at: instantSchema.nullable(),
    resent_from: idSchema.nullable().meta({ description: "The reply this one resends (D514); null otherwise." }),
    attempts: z.array(outboundAttemptSchema),
  })
  .meta({ title: "Front-desk reply", examples: [EXAMPLE_REPLY] });

/** `GET /api/v1/installations/{id}/replies`: newest first, `next_cursor` null on the last page. */
export const replyPageSchema = z
  .object({ items: z.array(replySchema), next_cursor: z.string().nullable() })
  .meta({ title: "Front-desk reply page" });

export type AttemptErrorClass = (typeof ATTEMPT_ERROR_CLASSES)[number];
export type AttemptOutcomeState = (typeof ATTEMPT_OUTCOMES)[number];
export type OutboundAttemptJson = z.infer<typeof outboundAttemptSchema>;
export type CallbackDeliveryJson = z.infer<typeof callbackDeliverySchema>;
export type ReplyJson = z.infer<typeof replySchema>;
export type ReplyPage = z.infer<typeof replyPageSchema>;
