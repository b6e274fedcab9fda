import { z } from "zod";
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
};

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
  })
  .meta({ title: "Inbound event", examples: [EXAMPLE_INBOUND_EVENT] });

/** `GET /api/v1/installations/{id}/events`: newest first, `next_cursor` null on the last page. */
export const inboundEventPageSchema = z
  .object({ items: z.array(inboundEventSchema), next_cursor: z.string().nullable() })
  .meta({ title: "Inbound event page" });

export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];
export type InboundEventJson = z.infer<typeof inboundEventSchema>;
export type InboundEventPage = z.infer<typeof inboundEventPageSchema>;
