import type { z } from "zod";
import { deliverRequestSchema, deliverResponseSchema } from "./deliver.ts";
import { adapterErrorSchema } from "./errors.ts";
import { formatRequestSchema, formatResponseSchema } from "./format.ts";
import { healthResponseSchema } from "./health.ts";
import {
  handshakeResponseSchema,
  ignoredEventSchema,
  inboundEnvelopeSchema,
  inboundResponseSchema,
  inboundTriggerResponseSchema,
  normalizedMessageSchema,
  parseInboundRequestSchema,
  parseInboundResponseSchema,
  parseInboundTriggerResponseSchema,
  triggerModeMessageSchema,
  verifyWebhookResponseSchema,
} from "./inbound.ts";
import { credentialDefinitionSchema, manifestSchema } from "./manifest.ts";
import {
  changeEntrySchema,
  fetchFileJsonResponseSchema,
  fetchFileRequestSchema,
  listChangesRequestSchema,
  listChangesResponseSchema,
} from "./sources.ts";
import { verifyRequestSchema, verifyResponseSchema } from "./verify.ts";

/** Every adapter wire shape by its published name: `schemas/<name>.schema.json`. */
export const ADAPTER_SHAPES = {
  manifest: manifestSchema,
  "credential-definition": credentialDefinitionSchema,
  "health-response": healthResponseSchema,
  "verify-request": verifyRequestSchema,
  "verify-response": verifyResponseSchema,
  "inbound-envelope": inboundEnvelopeSchema,
  "verify-webhook-response": verifyWebhookResponseSchema,
  "parse-inbound-request": parseInboundRequestSchema,
  "normalized-message": normalizedMessageSchema,
  "trigger-mode-message": triggerModeMessageSchema,
  "handshake-response": handshakeResponseSchema,
  "ignored-event": ignoredEventSchema,
  "parse-inbound-response": parseInboundResponseSchema,
  "parse-inbound-trigger-response": parseInboundTriggerResponseSchema,
  "inbound-response": inboundResponseSchema,
  "inbound-trigger-response": inboundTriggerResponseSchema,
  "deliver-request": deliverRequestSchema,
  "deliver-response": deliverResponseSchema,
  "format-request": formatRequestSchema,
  "format-response": formatResponseSchema,
  "list-changes-request": listChangesRequestSchema,
  "change-entry": changeEntrySchema,
  "list-changes-response": listChangesResponseSchema,
  "fetch-file-request": fetchFileRequestSchema,
  "fetch-file-json-response": fetchFileJsonResponseSchema,
  "adapter-error": adapterErrorSchema,
} as const satisfies Record<string, z.ZodType>;

export type AdapterShapeName = keyof typeof ADAPTER_SHAPES;
