import type {
  AdapterEndpointId,
  AdapterShapeName,
  DeliverResponse,
  FormatResponse,
  HealthResponse,
  InboundResponse,
  ListChangesResponse,
  Manifest,
  ParseInboundResponse,
  VerifyResponse,
  VerifyWebhookResponse,
} from "@adapterkit/contract";
import type { FetchedFile } from "./client-result.ts";

/** The published shape each endpoint's 2xx JSON body is validated against (fetch-file: its JSON form only). */
export const RESPONSE_SHAPES = {
  manifest: "manifest",
  health: "health-response",
  verify: "verify-response",
  "verify-webhook": "verify-webhook-response",
  "parse-inbound": "parse-inbound-response",
  inbound: "inbound-response",
  deliver: "deliver-response",
  format: "format-response",
  "list-changes": "list-changes-response",
  "fetch-file": "fetch-file-json-response",
} as const satisfies Record<AdapterEndpointId, AdapterShapeName>;

/**
 * `/parse-inbound` in trigger mode must answer a message with `event_type` (contract.md#inbound-modes), so it has its
 * own shape.
 */
export const TRIGGER_MODE_RESPONSE_SHAPE = "parse-inbound-trigger-response" satisfies AdapterShapeName;

/** The combined `/inbound` (D410) in trigger mode, likewise. */
export const TRIGGER_MODE_INBOUND_SHAPE = "inbound-trigger-response" satisfies AdapterShapeName;

/** The value a successful call to each endpoint yields. */
export interface EndpointValues {
  manifest: Manifest;
  health: HealthResponse;
  verify: VerifyResponse;
  "verify-webhook": VerifyWebhookResponse;
  "parse-inbound": ParseInboundResponse;
  inbound: InboundResponse;
  deliver: DeliverResponse;
  format: FormatResponse;
  "list-changes": ListChangesResponse;
  "fetch-file": FetchedFile;
}
