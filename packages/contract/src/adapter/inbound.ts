import { z } from "zod";
import { credentialsSchema } from "./credentials.ts";
import { verifyFailureSchema } from "./verify.ts";

/** The two modes of `/parse-inbound` (contract.md#inbound-modes: front desk and trigger). */
export const INBOUND_MODES = ["trigger", "front_desk"] as const;

/**
 * D2: the platform's request exactly as the service received it, so an adapter verifies signatures over the
 * original bytes. Header names are lower-cased; repeated headers are joined with ", ".
 */
export const inboundEnvelopeSchema = z
  .object({
    credentials: credentialsSchema,
    method: z.string().min(1),
    path: z.string(),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    headers: z.record(z.string().regex(/^[^A-Z]*$/, "header names are lower-case"), z.string()),
    body: z.string().meta({ description: "The body as received: text, or base64 when body_encoding is base64." }),
    body_encoding: z.literal("base64").optional(),
  })
  .meta({ title: "Inbound envelope", description: "Request of /verify-webhook (D2)." });

/** `POST /parse-inbound` request: the D2 envelope plus the mode. */
export const parseInboundRequestSchema = inboundEnvelopeSchema
  .extend({ mode: z.enum(INBOUND_MODES) })
  .meta({ title: "Parse-inbound request" });

/** D3: `POST /verify-webhook` response. */
export const verifyWebhookResponseSchema = z
  .union([z.object({ ok: z.literal(true) }), verifyFailureSchema])
  .meta({ title: "Verify-webhook response" });

/**
 * The largest value each field of a normalized message may hold (contract.md#message-limits), in characters; for
 * `metadata`, the length of its JSON text. An answer over a limit is the adapter's failure, and nothing of it is kept.
 */
export const MESSAGE_LIMITS = {
  event_type: 256,
  sender: 512,
  dedup_key: 512,
  thread_id: 512,
  message: 65_536,
  metadata: 65_536,
} as const;

/** The normalized inbound message (contract.md#normalized-message). */
export const normalizedMessageSchema = z
  .object({
    event_type: z.string().min(1).max(MESSAGE_LIMITS.event_type).optional().meta({
      description: "Required in trigger mode.",
    }),
    sender: z.string().max(MESSAGE_LIMITS.sender),
    message: z.string().max(MESSAGE_LIMITS.message),
    is_bot: z.boolean().meta({ description: "True for messages the platform itself sent (feedback-loop rule)." }),
    dedup_key: z.string().min(1).max(MESSAGE_LIMITS.dedup_key).optional(),
    thread_id: z.string().max(MESSAGE_LIMITS.thread_id).optional(),
    is_dm: z.boolean().optional(),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: `At most ${MESSAGE_LIMITS.metadata} characters as JSON text.` }),
    challenge_response: z.json().optional(),
  })
  .meta({ title: "Normalized inbound message" });

/** In trigger mode `event_type` is required as well. */
export const triggerModeMessageSchema = normalizedMessageSchema
  .extend({ event_type: z.string().min(1).max(MESSAGE_LIMITS.event_type) })
  .meta({ title: "Normalized inbound message (trigger mode)" });

/**
 * D4: a platform handshake; the service answers the platform with `challenge_response` and routes nothing. It
 * carries no `sender` or `message`: an answer with those is a message and is judged as one (`is_bot` included).
 */
export const handshakeResponseSchema = z
  .object({ challenge_response: z.json(), sender: z.never().optional(), message: z.never().optional() })
  .meta({ title: "Handshake response" });

/** D4: an event that carries no message (edits, reactions, joins). */
export const ignoredEventSchema = z
  .object({ ignored: z.literal(true), reason: z.string().min(1) })
  .meta({ title: "Ignored event" });

/** D4: the three kinds of `/parse-inbound` answer, any mode. */
export const parseInboundResponseSchema = z
  .union([ignoredEventSchema, normalizedMessageSchema, handshakeResponseSchema])
  .meta({ title: "Parse-inbound response" });

/** D4 in trigger mode: a message must carry `event_type`. */
export const parseInboundTriggerResponseSchema = z
  .union([ignoredEventSchema, triggerModeMessageSchema, handshakeResponseSchema])
  .meta({ title: "Parse-inbound response (trigger mode)" });

/**
 * D410: `POST /inbound` answers what `/verify-webhook` then `/parse-inbound` would have: the verify refusal
 * when the signature fails, the D4 answer otherwise.
 */
export const inboundResponseSchema = z
  .union([verifyFailureSchema, ignoredEventSchema, normalizedMessageSchema, handshakeResponseSchema])
  .meta({ title: "Inbound response" });

/** D410 in trigger mode: a message must carry `event_type`. */
export const inboundTriggerResponseSchema = z
  .union([verifyFailureSchema, ignoredEventSchema, triggerModeMessageSchema, handshakeResponseSchema])
  .meta({ title: "Inbound response (trigger mode)" });

export type InboundMode = (typeof INBOUND_MODES)[number];
export type InboundEnvelope = z.infer<typeof inboundEnvelopeSchema>;
export type ParseInboundRequest = z.infer<typeof parseInboundRequestSchema>;
export type VerifyWebhookResponse = z.infer<typeof verifyWebhookResponseSchema>;
export type NormalizedMessage = z.infer<typeof normalizedMessageSchema>;
export type HandshakeResponse = z.infer<typeof handshakeResponseSchema>;
export type IgnoredEvent = z.infer<typeof ignoredEventSchema>;
export type ParseInboundResponse = z.infer<typeof parseInboundResponseSchema>;
export type InboundResponse = z.infer<typeof inboundResponseSchema>;

/** Which D4 kind an answer is. */
export function inboundKind(response: ParseInboundResponse): "message" | "handshake" | "ignored" {
  if ("ignored" in response && response.ignored === true) return "ignored";
  if ("sender" in response && "message" in response) return "message";
  return "handshake";
}
