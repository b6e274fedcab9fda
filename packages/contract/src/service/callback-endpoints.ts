import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { callbackSecretSchema, EXAMPLE_CALLBACK_SECRET } from "./callback-secret.ts";
import { ADMIN, BEARER, E, idOf, ok } from "./endpoint-parts.ts";
import { EXAMPLE_RECEIVED_CALLBACK, receivedCallbackPageSchema } from "./received-callback.ts";

/** What the receiver recorded, and the organization's signing secret (D25; the secret is the admin's, D106). */
export const CALLBACK_ENDPOINTS = [
  {
    id: "list-callbacks",
    method: "GET",
    path: "/api/v1/callbacks",
    summary:
      "The callbacks the receiver recorded for runs in the token's scope (its project, or its workflow), newest first, a page at a time (D25, D106).",
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
    path: "/api/v1/admin/organizations/{id}/callback-secret",
    pathParameters: idOf("organization"),
    summary:
      "The secret that signs the organization's callbacks, created on first use; for verifying them (D25). Admin token only: the secret signs every project's callbacks (D106).",
    tags: ["callbacks", "admin"],
    security: ADMIN,
    responses: {
      200: ok("The secret in force.", callbackSecretSchema, EXAMPLE_CALLBACK_SECRET),
      401: E[401],
      404: E[404],
    },
  },
  {
    id: "rotate-callback-secret",
    method: "POST",
    path: "/api/v1/admin/organizations/{id}/callback-secret/rotate",
    pathParameters: idOf("organization"),
    summary:
      "Replace the organization's callback secret with a fresh one; every later delivery attempt is signed with it, and for 24 hours also with the secret it replaced (D25, D103). Admin token only (D106).",
    tags: ["callbacks", "admin"],
    security: ADMIN,
    responses: {
      200: ok("The new secret.", callbackSecretSchema, EXAMPLE_CALLBACK_SECRET),
      401: E[401],
      404: E[404],
    },
  },
] as const satisfies readonly EndpointDef[];
