import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { BEARER, created, E, idOf, ok, problem } from "./endpoint-parts.ts";
import { INSTALLATION_ID_PATTERN } from "./installation-id.ts";
import {
  callbackDeliveryListSchema,
  callbackDeliverySchema,
  EXAMPLE_CALLBACK_DELIVERY,
  EXAMPLE_REPLY,
  replyPageSchema,
  replySchema,
} from "./outbound-record.ts";

const IDEMPOTENCY_KEY = {
  "Idempotency-Key": {
    description: "A repeat with the same key answers the first resend again and makes no second delivery (D514).",
    schema: z.string().regex(/^[\x21-\x7e]{1,255}$/),
  },
} as const;

const notResendable = problem(
  "conflict",
  "The delivery is still pending (or its receiver answered 410 Gone); only a dead or delivered one is resent.",
  "Callback delivery 17 is pending; only a dead or delivered one can be resent.",
);

/** Issue 33's outbound records (D510–D517): callback deliveries and front-desk replies with their attempts. */
export const OUTBOUND_ENDPOINTS = [
  {
    id: "list-run-callbacks",
    method: "GET",
    path: "/api/v1/workflow-runs/{id}/callbacks",
    pathParameters: idOf("workflow run"),
    summary:
      "The run's callback deliveries with their attempts, newest delivery first (at most 100), attempts oldest first; kept 30 days (D513).",
    tags: ["callbacks"],
    security: BEARER,
    responses: {
      200: ok("The run's callback deliveries.", callbackDeliveryListSchema, { items: [EXAMPLE_CALLBACK_DELIVERY] }),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-callback-delivery",
    method: "GET",
    path: "/api/v1/callback-deliveries/{id}",
    pathParameters: idOf("callback delivery"),
    summary: "One callback delivery with its attempts (D510).",
    tags: ["callbacks"],
    security: BEARER,
    responses: {
      200: ok("The delivery.", callbackDeliverySchema, EXAMPLE_CALLBACK_DELIVERY),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "resend-callback-delivery",
    method: "POST",
    path: "/api/v1/callback-deliveries/{id}/resend",
    pathParameters: idOf("callback delivery"),
    summary:
      "Puts a dead or delivered callback on the outbox again as a new delivery with the same payload and a new webhook-id, due at once (D514, D515).",
    tags: ["callbacks"],
    security: BEARER,
    headers: IDEMPOTENCY_KEY,
    responses: {
      201: created(
        "The new delivery (or, for a repeated Idempotency-Key, the one the first request made).",
        callbackDeliverySchema,
        { ...EXAMPLE_CALLBACK_DELIVERY, id: 18, status: "pending", attempt_count: 0, resent_from: 17, attempts: [] },
        "/api/v1/callback-deliveries/{id}",
      ),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      409: notResendable,
      429: E[429],
    },
  },
  {
    id: "list-installation-replies",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/replies",
    pathParameters: {
      installation_id: {
        description: "The installation's id (opaque).",
        schema: z.string().regex(INSTALLATION_ID_PATTERN),
      },
    },
    summary: "The installation's front-desk replies with their attempts, newest first, a page at a time (A11, D510).",
    query: {
      limit: { description: "How many replies a page holds.", schema: z.number().int().min(1).max(100).default(20) },
      cursor: { description: "The `next_cursor` of the previous page; opaque.", schema: z.string().min(1) },
    },
    tags: ["installations"],
    security: BEARER,
    responses: {
      200: ok("One page.", replyPageSchema, { items: [EXAMPLE_REPLY], next_cursor: null }),
      400: E[400],
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "resend-reply",
    method: "POST",
    path: "/api/v1/installations/{installation_id}/replies/{id}/resend",
    pathParameters: {
      installation_id: {
        description: "The installation's id (opaque).",
        schema: z.string().regex(INSTALLATION_ID_PATTERN),
      },
      ...idOf("reply"),
    },
    summary:
      "Puts a dead or delivered front-desk reply on the outbox again as a new reply, due at once; a project token's, on an active installation (D514, D515).",
    tags: ["installations"],
    security: BEARER,
    headers: IDEMPOTENCY_KEY,
    responses: {
      201: created(
        "The new reply (or, for a repeated Idempotency-Key, the one the first request made).",
        replySchema,
        { ...EXAMPLE_REPLY, id: 9, status: "pending", attempt_count: 0, resent_from: 8, attempts: [] },
        "/api/v1/installations/{installation_id}/replies",
      ),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      409: notResendable,
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
