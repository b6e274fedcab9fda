import { z } from "zod";
import { normalizedMessageSchema } from "../adapter/inbound.ts";
import { idSchema, instantSchema } from "./common.ts";
import { installationIdSchema } from "./installation-id.ts";

/** A9: how an inbound event ended. */
export const INBOUND_OUTCOMES = [
  "accepted",
  "dropped_bot",
  "duplicate",
  "unmatched",
  "rejected_signature",
  "adapter_failed",
] as const;

/** An inbound event, as the examples show it. */
export const EXAMPLE_INBOUND_EVENT = {
  id: 41,
  installation_id: "inst_q3xG0vJ8m2Yk7dR1sT5wZ9",
  received_at: "2025-01-01T09:00:00.000Z",
  outcome: "accepted",
  event_type: "message",
  sender: "U024BE7LH",
  dedup_key: "Ev08MFMKH6",
  thread_id: null,
  workflow_run_ids: [129],
  detail: null,
  count: 1,
  test: false,
  replay_of: null,
  excerpt: "Deploy finished on staging",
};

/** The most of a request's body an event keeps, in bytes (contract.md#event-records). */
export const STORED_BODY_LIMIT = 65_536;

/** A9: one event a platform posted to an installation's inbound URL, kept 30 days with its outcome. */
export const inboundEventSchema = z
  .object({
    id: idSchema,
    installation_id: installationIdSchema,
    received_at: instantSchema,
    outcome: z.enum(INBOUND_OUTCOMES),
    event_type: z.string().nullable().meta({ description: "From /parse-inbound; null when it was not reached." }),
    sender: z.string().nullable(),
    dedup_key: z.string().nullable(),
    thread_id: z.string().nullable(),
    workflow_run_ids: z.array(idSchema).meta({ description: "The runs the event started (accepted only)." }),
    detail: z.string().nullable().meta({ description: "Why it was refused or what failed; null when accepted." }),
    count: z
      .int()
      .min(1)
      .meta({
        description:
          "The deliveries this entry stands for: 1, except on the rejected_signature entry that counts its minute's " +
          "refused signatures past the first ones kept (D355).",
      }),
    test: z.boolean().meta({ description: "Sent from the installation's page as a test, not by the platform." }),
    replay_of: idSchema
      .nullable()
      .meta({ description: "The event this one resent to the triggers, if it is a replay." }),
    excerpt: z
      .string()
      .nullable()
      .meta({ description: "The first line of the message text, at most 120 characters; null when none was kept." }),
  })
  .meta({ title: "Inbound event", examples: [EXAMPLE_INBOUND_EVENT] });

/** The request as it arrived: signatures, secrets and credential values redacted, the body bounded. */
export const storedRequestSchema = z
  .object({
    method: z.string(),
    path: z.string(),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    headers: z.record(z.string(), z.string()).meta({ description: "Lower-case names; secrets read `[redacted]`." }),
    body: z.string().meta({ description: `At most ${STORED_BODY_LIMIT} bytes of the body, as text or base64.` }),
    body_encoding: z.enum(["text", "base64"]),
    body_bytes: z.int().min(0).meta({ description: "The size of the whole body as received." }),
    body_truncated: z.boolean(),
  })
  .meta({ title: "Stored inbound request" });

/** One call the service made to the adapter for an event. */
export const adapterCallRecordSchema = z
  .object({
    endpoint: z.enum(["verify-webhook", "parse-inbound", "inbound"]),
    outcome: z.enum(["ok", "failed", "timed_out"]),
    status: z.int().nullable().meta({ description: "The adapter's HTTP status; null when none came." }),
    latency_ms: z.number().min(0),
    error: z.string().nullable(),
  })
  .meta({ title: "Adapter call" });

/** `GET /api/v1/installations/{id}/events/{event_id}`: the event with what arrived and what the adapter made of it. */
export const inboundEventDetailSchema = inboundEventSchema
  .extend({
    message: normalizedMessageSchema
      .omit({ challenge_response: true })
      .nullable()
      .meta({ description: "The message as the adapter answered it, within the contract's limits; null when none." }),
    request: storedRequestSchema.nullable().meta({ description: "Null for events that kept no request." }),
    adapter_calls: z.array(adapterCallRecordSchema),
    replays: z.array(idSchema).meta({ description: "The events that resent this one, oldest first." }),
  })
  .meta({ title: "Inbound event detail" });

/** `POST …/events/{event_id}/replay`: the new event (or, for a repeated Idempotency-Key, the first one). */
export const inboundReplaySchema = z
  .object({
    replayed: z.boolean().meta({ description: "False when an earlier request with this Idempotency-Key made it." }),
    event: inboundEventSchema,
  })
  .meta({ title: "Inbound event replay" });

/** `GET /api/v1/installations/{id}/events`: newest first, `next_cursor` null on the last page. */
export const inboundEventPageSchema = z
  .object({ items: z.array(inboundEventSchema), next_cursor: z.string().nullable() })
  .meta({ title: "Inbound event page" });

export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];
export type InboundEventJson = z.infer<typeof inboundEventSchema>;
export type InboundEventPage = z.infer<typeof inboundEventPageSchema>;
export type InboundEventDetailJson = z.infer<typeof inboundEventDetailSchema>;
export type StoredRequestJson = z.infer<typeof storedRequestSchema>;
export type AdapterCallRecordJson = z.infer<typeof adapterCallRecordSchema>;
export type InboundReplayJson = z.infer<typeof inboundReplaySchema>;
