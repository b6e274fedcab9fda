import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { idSchema } from "./common.ts";
import { BEARER, E, ok, problem } from "./endpoint-parts.ts";
import {
  EXAMPLE_INBOUND_EVENT,
  INBOUND_OUTCOMES,
  inboundEventDetailSchema,
  inboundEventPageSchema,
  inboundReplaySchema,
} from "./inbound-event.ts";
import { INSTALLATION_ID_PATTERN } from "./installation-id.ts";

const installationParam = {
  installation_id: {
    description: "The installation's id (opaque).",
    schema: z.string().regex(INSTALLATION_ID_PATTERN),
  },
} as const;

const eventParams = {
  ...installationParam,
  event_id: { description: "The event's id.", schema: idSchema },
} as const;

const EXAMPLE_EVENT_DETAIL = {
  ...EXAMPLE_INBOUND_EVENT,
  message: {
    event_type: "message",
    sender: "U024BE7LH",
    message: "Deploy finished on staging",
    is_bot: false,
    dedup_key: "Ev08MFMKH6",
  },
  request: {
    method: "POST",
    path: "/api/v1/apps/inst_q3xG0vJ8m2Yk7dR1sT5wZ9/inbound",
    query: {},
    headers: { "content-type": "application/json", "x-slack-signature": "[redacted]" },
    body: '{"type":"event_callback","event_id":"Ev08MFMKH6"}',
    body_encoding: "text",
    body_bytes: 49,
    body_truncated: false,
  },
  adapter_calls: [{ endpoint: "inbound", outcome: "ok", status: 200, latency_ms: 3.2, error: null }],
  replays: [],
};

/** The inbound pipeline (A9, D27) and the installation's event log. */
export const INBOUND_ENDPOINTS = [
  {
    id: "inbound",
    method: "POST",
    path: "/api/v1/apps/{installation_id}/inbound",
    pathParameters: installationParam,
    summary:
      "Where a platform posts its events for an installed App (D27): the adapter verifies (/verify-webhook) and normalizes (/parse-inbound) them; bot messages and duplicates are dropped, the rest start app-event triggers (A9).",
    tags: ["inbound"],
    security: [],
    request: { schema: z.unknown(), contentType: "*/*", example: { type: "event_callback" }, required: false },
    responses: {
      200: ok(
        "Taken (committed), dropped as a bot message or duplicate, ignored, or a handshake answered with the adapter's challenge_response (a string as text/plain, anything else as JSON).",
        z.unknown(),
        { ok: true, outcome: "accepted" },
      ),
      400: problem(
        "invalid_request",
        "The adapter cannot read the delivery (it answered 400 or 413); a retry would fare no better.",
        "body: the adapter cannot read the delivery: body: the body is not a JSON Events API payload",
      ),
      401: problem("unauthorized", "The adapter refused the signature.", "The adapter refused the signature."),
      404: problem("not_found", "No installation has this id.", "No installation inst_…."),
      410: problem("gone", "The installation is uninstalled.", "Installation inst_… is uninstalled."),
      413: E[413],
      429: problem(
        "rate_limited",
        "The installation is over its rate of accepted deliveries (contract.md#event-records); the platform retries after Retry-After. Nothing was recorded.",
        "Installation inst_… is over its limit of 50 deliveries a second; retry after 1 s.",
      ),
      503: problem(
        "adapter_unavailable",
        "The adapter is down or failed; the platform should retry.",
        "The adapter at http://localhost:3100/chat (parse-inbound) failed: HTTP 500",
      ),
    },
  },
  {
    id: "list-installation-events",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/events",
    pathParameters: installationParam,
    summary: "The installation's inbound events of the last 30 days with their outcomes, newest first (A9).",
    query: {
      limit: { description: "How many events a page holds.", schema: z.number().int().min(1).max(100).default(20) },
      cursor: { description: "The `next_cursor` of the previous page; opaque.", schema: z.string().min(1) },
      outcome: { description: "Only events with this outcome.", schema: z.enum(INBOUND_OUTCOMES) },
      event_type: { description: "Only events of this type (exact).", schema: z.string().min(1).max(256) },
      sender: { description: "Only events from this sender (exact).", schema: z.string().min(1).max(512) },
      test: {
        description: "Only test events (true) or only the platform's (false).",
        schema: z.enum(["true", "false"]),
      },
      since: { description: "Only events received at or after this instant.", schema: z.iso.datetime() },
      until: { description: "Only events received before this instant.", schema: z.iso.datetime() },
    },
    tags: ["inbound"],
    security: BEARER,
    responses: {
      200: ok("One page.", inboundEventPageSchema, { items: [EXAMPLE_INBOUND_EVENT], next_cursor: null }),
      400: E[400],
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-installation-event",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/events/{event_id}",
    pathParameters: eventParams,
    summary:
      "One inbound event as a record: the request as it arrived (redacted, the body bounded), the message the adapter answered, the adapter calls made, and the runs it started (A22).",
    tags: ["inbound"],
    security: BEARER,
    responses: {
      200: ok("The event.", inboundEventDetailSchema, EXAMPLE_EVENT_DETAIL),
      400: E[400],
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "replay-installation-event",
    method: "POST",
    path: "/api/v1/installations/{installation_id}/events/{event_id}/replay",
    pathParameters: eventParams,
    summary:
      "Resend a stored event's message to the installation's triggers (or its front desk) without calling the platform or the adapter: a new event that names the original starts runs as a new event would (A22).",
    tags: ["inbound"],
    security: BEARER,
    headers: {
      "Idempotency-Key": {
        description: "A repeat with the same key answers the first replay and routes nothing again.",
        schema: z.string().regex(/^[\x21-\x7e]{1,255}$/),
      },
    },
    responses: {
      200: ok("The replay: a new event, or the first one for a repeated key.", inboundReplaySchema, {
        replayed: true,
        event: { ...EXAMPLE_INBOUND_EVENT, id: 42, replay_of: 41, dedup_key: null },
      }),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      409: problem(
        "conflict",
        "The event kept no message to resend (it was refused, failed, or is a bot's), or the installation is uninstalled.",
        "Event 41 kept no message to resend: its outcome is rejected_signature.",
      ),
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
