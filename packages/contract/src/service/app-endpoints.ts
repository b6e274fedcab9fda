import { slugSchema } from "../adapter/manifest.ts";
import type { EndpointDef } from "../endpoint.ts";
import {
  appListSchema,
  appPreviewSchema,
  appRegisterSchema,
  appReviewSchema,
  appSchema,
  appSigningSecretSchema,
  appVerificationSchema,
  appVerifySchema,
} from "./app.ts";
import * as ex from "./app-examples.ts";
import { ADMIN, BEARER, created, E, ok, problem } from "./endpoint-parts.ts";

const slugParam = { slug: { description: "The App's slug.", schema: slugSchema } } as const;

/** The responses of a call that reaches the adapter (A7): it failed, or it did not answer in time. */
export const ADAPTER_ERRORS = {
  502: problem(
    "adapter_failed",
    "The adapter was unreachable or answered outside the contract.",
    "The adapter at http://localhost:3100/chat answered 500 to /manifest.json.",
  ),
  504: problem(
    "adapter_timeout",
    "The adapter did not answer in time (D11).",
    "The adapter at http://localhost:3100/chat did not answer /health within 5000 ms.",
  ),
} as const;

const WORKFLOW_SCOPED = problem(
  "forbidden",
  "A workflow-scoped token cannot manage the organization's Apps; use a project-scoped token.",
  "A workflow-scoped token cannot register, change or install Apps.",
);

/** App listings (A1), their signing secrets (A3) and review outcomes. */
export const APP_ENDPOINTS = [
  {
    id: "preview-app",
    method: "POST",
    path: "/api/v1/apps/preview",
    summary:
      "Fetch an adapter's manifest and health and show what registering it would create, with every problem found; creates nothing (A1).",
    tags: ["apps"],
    security: BEARER,
    request: { schema: appRegisterSchema, example: { base_url: "http://localhost:3100/chat" } },
    responses: {
      200: ok("The preview.", appPreviewSchema, ex.EXAMPLE_APP_PREVIEW),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      413: E[413],
      429: E[429],
      ...ADAPTER_ERRORS,
    },
  },
  {
    id: "register-app",
    method: "POST",
    path: "/api/v1/apps",
    summary:
      "Register an adapter after its preview: fetches the manifest again and creates a draft App owned by the token's organization, with its signing secret (A1, A3).",
    tags: ["apps"],
    security: BEARER,
    request: { schema: appRegisterSchema, example: { base_url: "http://localhost:3100/chat" } },
    responses: {
      201: created("The draft.", appSchema, ex.EXAMPLE_APP, "/api/v1/apps/{slug}"),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      409: problem("conflict", "Another App has the slug.", "An App with the slug chat exists."),
      413: E[413],
      429: E[429],
      ...ADAPTER_ERRORS,
    },
  },
  {
    id: "list-apps",
    method: "GET",
    path: "/api/v1/apps",
    summary: "The token's organization's Apps in any state, and every published App.",
    tags: ["apps"],
    security: BEARER,
    responses: { 200: ok("The Apps.", appListSchema, { items: [ex.EXAMPLE_APP] }), 401: E[401], 429: E[429] },
  },
  {
    id: "get-app",
    method: "GET",
    path: "/api/v1/apps/{slug}",
    pathParameters: slugParam,
    summary: "An App: its manifest, state, health (A8) and call statistics (A7).",
    tags: ["apps"],
    security: BEARER,
    responses: { 200: ok("The App.", appSchema, ex.EXAMPLE_APP), 401: E[401], 404: E[404], 429: E[429] },
  },
  {
    id: "refresh-app",
    method: "POST",
    path: "/api/v1/apps/{slug}/refresh",
    pathParameters: slugParam,
    summary: "Fetch the manifest again; a changed manifest becomes a new version, a changed slug is refused (A1).",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The App with its latest version.", appSchema, ex.EXAMPLE_APP),
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem(
        "conflict",
        "The manifest's slug changed.",
        "The manifest now says slug chat-2; an App's slug never changes.",
      ),
      429: E[429],
      ...ADAPTER_ERRORS,
    },
  },
  {
    id: "verify-app",
    method: "POST",
    path: "/api/v1/apps/{slug}/verify",
    pathParameters: slugParam,
    summary:
      "The portal's Verify: check that the adapter is ready and serves the App's latest manifest, then ask its /verify about the credentials given (a key left out uses the organization's stored record). Stores nothing.",
    tags: ["apps"],
    security: BEARER,
    request: { schema: appVerifySchema, example: { credentials: { chat_bot_token: "xoxb-…" } } },
    responses: {
      200: ok("The adapter accepted the credentials.", appVerificationSchema, ex.EXAMPLE_APP_VERIFICATION),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      413: E[413],
      422: problem(
        "verification_failed",
        "The adapter refused the credentials, or could not be asked: its /health is not ready, or it serves a manifest other than the App's latest version.",
        "The adapter refused the credentials: invalid_auth",
      ),
      429: E[429],
      ...ADAPTER_ERRORS,
    },
  },
  {
    id: "review-app",
    method: "POST",
    path: "/api/v1/admin/apps/{slug}/review",
    pathParameters: slugParam,
    summary:
      "The operator's override of a review (admin token): passed → published with the latest version, failed → draft with the report (D118, D210).",
    tags: ["admin"],
    security: ADMIN,
    request: { schema: appReviewSchema, example: { passed: true } },
    responses: {
      200: ok("The App after the review.", appSchema, ex.EXAMPLE_APP),
      400: E[400],
      401: E[401],
      404: E[404],
      409: problem("conflict", "The App is not in review.", "App chat is a draft, not in review."),
      413: E[413],
    },
  },
  {
    id: "get-app-signing-secret",
    method: "GET",
    path: "/api/v1/apps/{slug}/signing-secret",
    pathParameters: slugParam,
    summary:
      "The secret the service signs its calls to the App with, for the adapter's ADAPTER_SIGNING_SECRET; the author's project-scoped tokens only (A3).",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The secret in force.", appSigningSecretSchema, ex.EXAMPLE_APP_SIGNING_SECRET),
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "rotate-app-signing-secret",
    method: "POST",
    path: "/api/v1/apps/{slug}/signing-secret/rotate",
    pathParameters: slugParam,
    summary:
      "Replace the App's signing secret; calls carry a second signature made with the old one for 24 hours (A3, D103).",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The new secret.", appSigningSecretSchema, ex.EXAMPLE_APP_SIGNING_SECRET),
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
