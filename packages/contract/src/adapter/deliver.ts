import { z } from "zod";
import { credentialsSchema } from "./credentials.ts";

/** `POST /deliver` request (contract.md#deliver; D5 makes `thread_id` optional). */
export const deliverRequestSchema = z
  .object({
    credentials: credentialsSchema,
    channel_address: z.string().min(1),
    message: z.object({ text: z.string(), thread_id: z.string().min(1).optional() }),
  })
  .meta({ title: "Deliver request" });

/** D5: delivered, or refused by the platform (with whether a retry may help). */
export const deliverResponseSchema = z
  .union([
    z.object({ ok: z.literal(true), message_id: z.string().min(1), thread_id: z.string().min(1).optional() }),
    z.object({ ok: z.literal(false), error: z.string().min(1), retryable: z.boolean() }),
  ])
  .meta({ title: "Deliver response" });

export type DeliverRequest = z.infer<typeof deliverRequestSchema>;
export type DeliverResponse = z.infer<typeof deliverResponseSchema>;
