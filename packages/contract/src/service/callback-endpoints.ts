import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { callbackSecretSchema, EXAMPLE_CALLBACK_SECRET } from "./callback-secret.ts";
import { BEARER, E, ok, problem } from "./endpoint-parts.ts";
import { EXAMPLE_RECEIVED_CALLBACK, receivedCallbackPageSchema } from "./received-callback.ts";

const WORKFLOW_SCOPED = problem(
  "forbidden",
  "A workflow-scoped token cannot reach its organization's callback secret; use a project-scoped token.",
  "A workflow-scoped token cannot read or rotate the organization's callback secret.",
);

/** What the receiver recorded, and the organization's signing secret (D25). */
export const CALLBACK_ENDPOINTS = [
  {
    id: "list-callbacks",
    method: "GET",
    path: "/api/v1/callbacks",
    summary: "The callbacks the receiver recorded for the token's organization, newest first, a page at a time (D25).",
    query: {
      limit: { description: "How many callbacks a page holds.", schema: z.number().int().min(1).max(100).default(20) },
      cursor: { description: "The `next_cursor` of the previous page; opaque.", schema: z.string().min(1) },
    },
    tags: ["callbacks"],
    security: BEARER,
    responses: {
      200: ok("One page.", receivedCallbackPageSchema, { items: [EXAMPLE_RECEIVED_CALLBACK], next_cursor: null }),
      400: E[400],
      401: E[401],
      429: E[429],
    },
  },
  {
    id: "get-callback-secret",
    method: "GET",
    path: "/api/v1/callback-secret",
    summary:
      "The secret that signs the token's organization's callbacks, created on first use; for verifying them (D25). Project-scoped tokens only.",
    tags: ["callbacks"],
    security: BEARER,
    responses: {
      200: ok("The secret in force.", callbackSecretSchema, EXAMPLE_CALLBACK_SECRET),
      401: E[401],
      403: WORKFLOW_SCOPED,
      429: E[429],
    },
  },
  {
    id: "rotate-callback-secret",
    method: "POST",
    path: "/api/v1/callback-secret/rotate",
    summary:
      "Replace the organization's callback secret with a fresh one; every later delivery attempt is signed with it, and for 24 hours also with the secret it replaced (D25, D103). Project-scoped tokens only.",
    tags: ["callbacks"],
    security: BEARER,
    responses: {
      200: ok("The new secret.", callbackSecretSchema, EXAMPLE_CALLBACK_SECRET),
      401: E[401],
      403: WORKFLOW_SCOPED,
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
