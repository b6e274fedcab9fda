import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { BEARER, E, ok, problem } from "./endpoint-parts.ts";
import { EXAMPLE_INBOUND_EVENT, inboundEventPageSchema } from "./inbound-event.ts";
import { INSTALLATION_ID_PATTERN } from "./installation-id.ts";

const installationParam = {
  installation_id: {
    description: "The installation's id (opaque).",
    schema: z.string().regex(INSTALLATION_ID_PATTERN),
  },
} as const;

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
] as const satisfies readonly EndpointDef[];
