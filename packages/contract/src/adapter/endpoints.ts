import { z } from "zod";
import type { EndpointDef, ParameterDef, ResponseDef } from "../endpoint.ts";
import { deliverRequestSchema, deliverResponseSchema } from "./deliver.ts";
import { adapterErrorSchema } from "./errors.ts";
import { formatRequestSchema, formatResponseSchema } from "./format.ts";
import { healthResponseSchema } from "./health.ts";
import {
  inboundEnvelopeSchema,
  inboundResponseSchema,
  inboundTriggerResponseSchema,
  parseInboundRequestSchema,
  parseInboundResponseSchema,
  parseInboundTriggerResponseSchema,
  verifyWebhookResponseSchema,
} from "./inbound.ts";
import { declaresEndpoint, isChannelApp, type Manifest, manifestSchema } from "./manifest.ts";
import {
  fetchFileJsonResponseSchema,
  fetchFileRequestSchema,
  listChangesRequestSchema,
  listChangesResponseSchema,
} from "./sources.ts";
import { verifyRequestSchema, verifyResponseSchema } from "./verify.ts";

/** Whether an adapter with this manifest must implement an endpoint. */
export type Requirement = "required" | "optional";

/** An adapter endpoint: the shared row plus what only adapters have. */
export interface AdapterEndpointDef extends EndpointDef {
  readonly id: AdapterEndpointId;
  /** D9: the service signs every call except the public manifest and health. */
  readonly signed: boolean;
  /** D11: how long the service waits. */
  readonly timeoutMs: number;
  /** Handler name in the SDK's `defineAdapter()`. */
  readonly handler: string;
  readonly requirement: (manifest: Manifest) => Requirement;
}

export type AdapterEndpointId =
  | "manifest"
  | "health"
  | "verify"
  | "verify-webhook"
  | "parse-inbound"
  | "inbound"
  | "deliver"
  | "format"
  | "list-changes"
  | "fetch-file";

const error = (description: string) => ({ description, schema: adapterErrorSchema });
const ERRORS = {
  400: error("invalid_request: the body is not JSON or a field is wrong; `issues` names each field."),
  401: error("unauthorized: the service signature (D9) is missing or wrong."),
  404: error("not_found: the file, folder or channel the request names is not there."),
  413: error("payload_too_large"),
  429: error("rate_limited"),
  500: error("internal_error"),
  501: error("not_implemented: a scaffold handler; a published adapter must not answer it."),
  502: error("platform_error"),
  504: error("platform_timeout"),
} as const;

/** contract.md#context-headers: context headers on every call, plus a request id for both sides' logs. */
const CONTEXT_HEADER_DEFS: Readonly<Record<string, ParameterDef>> = {
  "X-Organization-Id": { description: "The current organization.", schema: z.string().min(1) },
  "X-Project-Id": { description: "The current project, when there is one.", schema: z.string().min(1) },
  "X-Request-Id": {
    description: "Names this call in both sides' logs; the client sends a UUID.",
    schema: z.string().min(1),
  },
};
/** D9: the signature's other two Standard Webhooks headers (the signature itself is the security scheme). */
const SIGNATURE_HEADER_DEFS: Readonly<Record<string, ParameterDef>> = {
  "webhook-id": { description: "Message id, signed with the body.", schema: z.string().min(1), required: true },
  "webhook-timestamp": {
    description: "Unix seconds when the service signed; more than 300 s off is refused.",
    schema: z.string().regex(/^\d+$/),
    required: true,
  },
};

/** What the SDK answers at a path it does not serve: the base URL names no adapter (registration reports it). */
const NOTHING_HERE = error("not_found: nothing is served at this path; the base URL names no adapter.");

const always = (): Requirement => "required";
const forChannel = (manifest: Manifest): Requirement => (isChannelApp(manifest) ? "required" : "optional");
const CREDS = { credentials: { token: "xoxb-…" } };

function post(
  row: Omit<AdapterEndpointDef, "method" | "signed" | "responses" | "request" | "headers"> & {
    request: z.ZodType;
    response: z.ZodType;
    example: { request: unknown; response: unknown };
    /** More about the 200 answer: other content types, narrower schemas. */
    ok?: Pick<ResponseDef, "description" | "alternatives" | "variants">;
  },
): AdapterEndpointDef {
  const { request, response, example, ok, ...rest } = row;
  return {
    ...rest,
    method: "POST",
    signed: true,
    headers: { ...CONTEXT_HEADER_DEFS, ...SIGNATURE_HEADER_DEFS },
    request: { schema: request, example: example.request },
    responses: { 200: { description: "OK", ...ok, schema: response, example: example.response }, ...ERRORS },
  };
}

/** The adapter contract, one row per endpoint: what the SDK serves, the client calls and the runner checks. */
export const ADAPTER_ENDPOINTS: readonly AdapterEndpointDef[] = [
  {
    id: "manifest",
    method: "GET",
    headers: CONTEXT_HEADER_DEFS,
    path: "/manifest.json",
    summary: "Serve the manifest; fetched on registration and on Refresh.",
    signed: false,
    timeoutMs: 10_000,
    handler: "manifest",
    requirement: always,
    responses: {
      200: { description: "The manifest", schema: manifestSchema, example: { schema_version: "1.0", name: "Chat" } },
      404: NOTHING_HERE,
    },
  },
  {
    id: "health",
    method: "GET",
    headers: CONTEXT_HEADER_DEFS,
    path: "/health",
    summary: "Health check; status must be exactly `ready` while serving.",
    signed: false,
    timeoutMs: 5_000,
    handler: "health",
    requirement: always,
    responses: {
      200: {
        description: "Serving",
        schema: healthResponseSchema,
        example: { status: "ready", version: "1a2b3c4", adapter: "chat" },
      },
      404: NOTHING_HERE,
    },
  },
  post({
    id: "verify",
    path: "/verify",
    summary: "Check the credentials with a lightweight call to the platform.",
    timeoutMs: 10_000,
    handler: "verify",
    requirement: (manifest) => ((manifest.credentials ?? []).length > 0 ? "required" : "optional"),
    request: verifyRequestSchema,
    response: verifyResponseSchema,
    example: { request: CREDS, response: { ok: true, user: "bot@example" } },
  }),
  post({
    id: "verify-webhook",
    path: "/verify-webhook",
    summary: "Verify the signature of an inbound webhook over its exact bytes (D2, D3).",
    timeoutMs: 10_000,
    handler: "verifyWebhook",
    requirement: forChannel,
    request: inboundEnvelopeSchema,
    response: verifyWebhookResponseSchema,
    example: {
      request: {
        ...CREDS,
        method: "POST",
        path: "/",
        query: {},
        headers: { "content-type": "application/json" },
        body: "{}",
      },
      response: { ok: true },
    },
  }),
  post({
    id: "parse-inbound",
    path: "/parse-inbound",
    summary: "Normalize an inbound payload into a message, a handshake answer, or an ignored event (D4).",
    timeoutMs: 10_000,
    handler: "parseInbound",
    requirement: forChannel,
    request: parseInboundRequestSchema,
    response: parseInboundResponseSchema,
    ok: {
      description: "A normalized message, a handshake answer, or an ignored event (D4).",
      variants: [{ when: 'the request\'s mode is "trigger"', schema: parseInboundTriggerResponseSchema }],
    },
    example: {
      request: { ...CREDS, mode: "trigger", method: "POST", path: "/", query: {}, headers: {}, body: '{"text":"hi"}' },
      response: { event_type: "message.received", sender: "U123", message: "hi", is_bot: false, dedup_key: "Ev1" },
    },
  }),
  post({
    id: "inbound",
    path: "/inbound",
    summary:
      "Verify and parse one inbound request in one call (D410): the /verify-webhook refusal when the signature " +
      "fails, the /parse-inbound answer otherwise. Served when the manifest's `endpoints` lists `inbound`.",
    timeoutMs: 10_000,
    handler: "inbound",
    requirement: (manifest) => (declaresEndpoint(manifest, "inbound") ? "required" : "optional"),
    request: parseInboundRequestSchema,
    response: inboundResponseSchema,
    ok: {
      description: "The verify refusal (D3), or a normalized message, a handshake answer, or an ignored event (D4).",
      variants: [{ when: 'the request\'s mode is "trigger"', schema: inboundTriggerResponseSchema }],
    },
    example: {
      request: { ...CREDS, mode: "trigger", method: "POST", path: "/", query: {}, headers: {}, body: '{"text":"hi"}' },
      response: { event_type: "message.received", sender: "U123", message: "hi", is_bot: false, dedup_key: "Ev1" },
    },
  }),
  post({
    id: "deliver",
    path: "/deliver",
    summary: "Send a message outbound (D5).",
    timeoutMs: 10_000,
    handler: "deliver",
    requirement: forChannel,
    request: deliverRequestSchema,
    response: deliverResponseSchema,
    example: {
      request: { ...CREDS, channel_address: "C123", message: { text: "Hello" } },
      response: { ok: true, message_id: "1700000000.000100" },
    },
  }),
  post({
    id: "format",
    path: "/format",
    summary: "Convert Markdown to the platform's display convention (D6).",
    timeoutMs: 10_000,
    handler: "format",
    requirement: forChannel,
    request: formatRequestSchema,
    response: formatResponseSchema,
    example: { request: { text: "**hi**" }, response: { text: "*hi*" } },
  }),
  post({
    id: "list-changes",
    path: "/sources/list-changes",
    summary: "List files changed since an opaque cursor (null on the first call).",
    timeoutMs: 10_000,
    handler: "listChanges",
    requirement: () => "optional",
    request: listChangesRequestSchema,
    response: listChangesResponseSchema,
    example: {
      request: { ...CREDS, resource_path: "/docs", cursor: null },
      response: { changes: [{ path: "/docs/a.md", fingerprint: '"etag-1"', status: "added" }], cursor: "eyJ…" },
    },
  }),
  post({
    id: "fetch-file",
    path: "/sources/fetch-file",
    summary: "Return one file: its bytes with their Content-Type, or JSON with base64 content (D7).",
    timeoutMs: 60_000,
    handler: "fetchFile",
    requirement: () => "optional",
    request: fetchFileRequestSchema,
    response: fetchFileJsonResponseSchema,
    ok: {
      description:
        "The file (D7): JSON with its content in base64, or its bytes with their own Content-Type " +
        "(application/octet-stream stands for any type).",
      alternatives: { "application/octet-stream": {} },
    },
    example: {
      request: { ...CREDS, resource_path: "/docs", file_path: "/docs/a.md" },
      response: { content_base64: "aGVsbG8=", content_type: "text/markdown" },
    },
  }),
];

/** One endpoint row by id. */
export function adapterEndpoint(id: AdapterEndpointId): AdapterEndpointDef {
  const row = ADAPTER_ENDPOINTS.find((endpoint) => endpoint.id === id);
  if (!row) throw new Error(`no adapter endpoint ${id}`);
  return row;
}
