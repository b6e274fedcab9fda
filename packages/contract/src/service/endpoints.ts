import { z } from "zod";
import type { EndpointDef, ResponseDef } from "../endpoint.ts";
import {
  apiTokenCreateSchema,
  apiTokenSchema,
  organizationCreateSchema,
  organizationSchema,
  projectCreateSchema,
  projectSchema,
} from "./admin.ts";
import { callbackEnvelopeSchema } from "./callback.ts";
import * as ex from "./examples.ts";
import { serviceHealthSchema } from "./health.ts";
import { PROBLEM_CONTENT_TYPE, problemSchema, type ServiceErrorCode, toProblem } from "./problem.ts";
import { schedulePreviewRequestSchema, schedulePreviewResponseSchema } from "./schedule-preview.ts";
import { triggerListSchema, triggerSchema } from "./trigger.ts";
import { triggerCreateSchema, triggerPatchSchema } from "./trigger-body.ts";
import { hookResponseSchema, triggerRequestSchema, triggerResponseSchema } from "./trigger-request.ts";
import { triggerRunPageSchema, triggerRunSchema } from "./trigger-run.ts";
import { workflowCreateSchema, workflowListSchema, workflowPatchSchema, workflowSchema } from "./workflow.ts";
import { workflowRunSchema } from "./workflow-run.ts";

/** Every endpoint the reference service serves, by id. */
export type ServiceEndpointId = (typeof SERVICE_ENDPOINTS)[number]["id"];

const problem = (code: ServiceErrorCode, description: string, detail: string): ResponseDef => ({
  description,
  schema: problemSchema,
  contentType: PROBLEM_CONTENT_TYPE,
  example: toProblem(code, detail).body,
});
const ok = (description: string, schema: z.ZodType, example: unknown): ResponseDef => ({ description, schema, example });
const noContent: ResponseDef = { description: "Done; no body." };

const E = {
  400: problem("invalid_request", "The body or a parameter is invalid; `errors` names each field.", "workflow_id: expected a positive integer"),
  401: problem("unauthorized", "The bearer token is missing or invalid.", "Missing or invalid bearer token."),
  403: problem("forbidden", "The resource is outside the token's project or workflow scope.", "Workflow 7 is outside this token's scope."),
  404: problem("not_found", "Unknown id, or one of another organization.", "No workflow 7 in this organization."),
  409: problem("conflict", "The change conflicts with the resource's state.", "This trigger can't be enabled because its workflow asks for a task description before it starts. Turn off 'Prompt for task description' first."),
  413: problem("payload_too_large", "The body is over 1 MiB.", "The body is larger than 1048576 bytes."),
  429: problem("rate_limited", "Too many requests for this token; see Retry-After.", "Rate limit exceeded; retry after 1 s."),
} as const;
const BEARER = ["bearerAuth"] as const;
const ADMIN = ["adminAuth"] as const;

/** The public API of the reference service, one row per endpoint (D13, D14, D16, D25). */
export const SERVICE_ENDPOINTS = [
  {
    id: "trigger",
    method: "POST",
    path: "/api/v1/trigger",
    summary: "Start a run of a workflow with an API token (D13).",
    tags: ["runs"],
    security: BEARER,
    request: { schema: triggerRequestSchema, example: { workflow_id: 7 } },
    responses: {
      201: ok("Run created; Location: /api/v1/workflow-runs/{id}.", triggerResponseSchema, { workflow_run_id: 129, session_id: 129 }),
      400: E[400], 401: E[401], 403: E[403], 404: E[404], 413: E[413],
      422: problem("workflow_not_startable", "The workflow cannot start (configuration error).", "Workflow 7 has no stages."),
      429: E[429],
    },
  },
  {
    id: "hook",
    method: "POST",
    path: "/api/v1/hooks/{token}",
    summary: "Start a run through a webhook trigger's URL; any body, optional Idempotency-Key header (D14).",
    tags: ["runs"],
    security: [],
    request: { schema: z.unknown(), contentType: "*/*", example: { order: 1 } },
    responses: {
      201: ok("Run started; Location: /api/v1/workflow-runs/{id}.", hookResponseSchema, { workflow_run_id: 129, status: "started" }),
      404: problem("not_found", "Invalid or unknown token.", "No webhook trigger has this token."),
      409: problem("trigger_disabled", "The trigger is disabled.", "Webhook trigger 3 is disabled."),
      413: E[413],
      422: problem("workflow_not_startable", "The workflow failed to start (configuration error), or the Idempotency-Key was used with another body (idempotency_key_reused).", "Workflow 7 has no stages."),
      429: E[429],
    },
  },
  {
    id: "receive-callback",
    method: "POST",
    path: "/api/v1/callback",
    summary: "Receive a signed callback (Standard Webhooks) and record it (D25).",
    tags: ["callbacks"],
    security: [],
    request: { schema: callbackEnvelopeSchema, example: ex.EXAMPLE_CALLBACK },
    responses: {
      204: noContent,
      400: E[400],
      401: problem("unauthorized", "The webhook signature is missing, wrong or stale.", "Invalid webhook signature."),
      413: E[413],
    },
  },
  {
    id: "list-workflows",
    method: "GET",
    path: "/api/v1/workflows",
    summary: "List the workflows the token can see.",
    tags: ["workflows"],
    security: BEARER,
    responses: { 200: ok("The workflows.", workflowListSchema, { items: [ex.EXAMPLE_WORKFLOW] }), 401: E[401], 429: E[429] },
  },
  {
    id: "create-workflow",
    method: "POST",
    path: "/api/v1/workflows",
    summary: "Create a workflow in the token's project (project-scoped tokens only).",
    tags: ["workflows"],
    security: BEARER,
    request: { schema: workflowCreateSchema, example: { name: "Triage", stages: [{ name: "greet", action: "echo" }] } },
    responses: {
      201: ok("Created; Location: /api/v1/workflows/{id}.", workflowSchema, ex.EXAMPLE_WORKFLOW),
      400: E[400], 401: E[401], 403: E[403], 404: E[404], 413: E[413], 429: E[429],
    },
  },
  {
    id: "get-workflow",
    method: "GET",
    path: "/api/v1/workflows/{id}",
    summary: "Read a workflow.",
    tags: ["workflows"],
    security: BEARER,
    responses: { 200: ok("The workflow.", workflowSchema, ex.EXAMPLE_WORKFLOW), 401: E[401], 403: E[403], 404: E[404], 429: E[429] },
  },
  {
    id: "update-workflow",
    method: "PATCH",
    path: "/api/v1/workflows/{id}",
    summary: "Change a workflow; turning on Prompt for task description is refused while triggers are enabled (D23).",
    tags: ["workflows"],
    security: BEARER,
    request: { schema: workflowPatchSchema, example: { name: "Triage v2" } },
    responses: {
      200: ok("The updated workflow.", workflowSchema, ex.EXAMPLE_WORKFLOW),
      400: E[400], 401: E[401], 403: E[403], 404: E[404],
      409: problem("conflict", "Enabled triggers prevent the change.", "Disable these triggers first: 3 (Orders)."),
      413: E[413], 429: E[429],
    },
  },
  {
    id: "list-triggers",
    method: "GET",
    path: "/api/v1/workflows/{id}/triggers",
    summary: "List a workflow's triggers.",
    tags: ["triggers"],
    security: BEARER,
    responses: { 200: ok("The triggers.", triggerListSchema, { items: [ex.EXAMPLE_WEBHOOK_TRIGGER] }), 401: E[401], 403: E[403], 404: E[404], 429: E[429] },
  },
  {
    id: "create-trigger",
    method: "POST",
    path: "/api/v1/workflows/{id}/triggers",
    summary: "Create a trigger; a webhook trigger's answer carries its URL (D16, D17, D23).",
    tags: ["triggers"],
    security: BEARER,
    request: { schema: triggerCreateSchema, example: { type: "webhook", name: "Orders" } },
    responses: {
      201: ok("Created; Location: /api/v1/triggers/{id}.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER),
      400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: E[409], 413: E[413], 429: E[429],
    },
  },
  {
    id: "get-trigger",
    method: "GET",
    path: "/api/v1/triggers/{id}",
    summary: "Read a trigger.",
    tags: ["triggers"],
    security: BEARER,
    responses: { 200: ok("The trigger.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER), 401: E[401], 403: E[403], 404: E[404], 429: E[429] },
  },
  {
    id: "update-trigger",
    method: "PATCH",
    path: "/api/v1/triggers/{id}",
    summary: "Change a trigger; the fields allowed depend on its type.",
    tags: ["triggers"],
    security: BEARER,
    request: { schema: triggerPatchSchema, example: { name: "Orders (EU)" } },
    responses: {
      200: ok("The updated trigger.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER),
      400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: E[409], 413: E[413], 429: E[429],
    },
  },
  {
    id: "delete-trigger",
    method: "DELETE",
    path: "/api/v1/triggers/{id}",
    summary: "Delete a trigger; a webhook trigger's URL stops working for good.",
    tags: ["triggers"],
    security: BEARER,
    responses: { 204: noContent, 401: E[401], 403: E[403], 404: E[404], 429: E[429] },
  },
  ...(["enable", "disable"] as const).map((action) => ({
    id: `${action}-trigger` as const,
    method: "POST" as const,
    path: `/api/v1/triggers/{id}/${action}`,
    summary: action === "enable" ? "Enable a trigger (refused while the workflow prompts, D23)." : "Disable a trigger.",
    tags: ["triggers"],
    security: BEARER,
    responses: {
      200: ok("The trigger.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER),
      401: E[401], 403: E[403], 404: E[404], ...(action === "enable" ? { 409: E[409] } : {}), 429: E[429],
    },
  })),
  {
    id: "fire-trigger",
    method: "POST",
    path: "/api/v1/triggers/{id}/fire",
    summary: "Fire Now: start a run of a schedule trigger immediately (D22).",
    tags: ["triggers"],
    security: BEARER,
    responses: {
      201: ok("The trigger run it recorded.", triggerRunSchema, { ...ex.EXAMPLE_TRIGGER_RUN, source: "manual" }),
      401: E[401], 403: E[403], 404: E[404],
      409: problem("conflict", "Only schedule triggers have Fire Now.", "Fire Now is for schedule triggers; test a webhook trigger by posting to its URL."),
      422: problem("workflow_not_startable", "The workflow cannot start.", "Workflow 7 has no stages."),
      429: E[429],
    },
  },
  {
    id: "list-trigger-runs",
    method: "GET",
    path: "/api/v1/triggers/{id}/runs",
    summary: "A trigger's firings, newest first; query `limit` (1–100, default 20) and `cursor`.",
    tags: ["triggers"],
    security: BEARER,
    responses: { 200: ok("One page.", triggerRunPageSchema, ex.EXAMPLE_TRIGGER_RUN_PAGE), 400: E[400], 401: E[401], 403: E[403], 404: E[404], 429: E[429] },
  },
  {
    id: "get-workflow-run",
    method: "GET",
    path: "/api/v1/workflow-runs/{id}",
    summary: "Read a run with its status, input, outputs and result.",
    tags: ["runs"],
    security: BEARER,
    responses: { 200: ok("The run.", workflowRunSchema, ex.EXAMPLE_WORKFLOW_RUN), 401: E[401], 403: E[403], 404: E[404], 429: E[429] },
  },
  {
    id: "preview-schedule",
    method: "POST",
    path: "/api/v1/schedules/preview",
    summary: "Show what a schedule will do before saving it (D16).",
    tags: ["triggers"],
    security: BEARER,
    request: { schema: schedulePreviewRequestSchema, example: { schedule: "every weekday at 9am", timezone: "America/New_York", count: 3 } },
    responses: { 200: ok("The preview.", schedulePreviewResponseSchema, ex.EXAMPLE_SCHEDULE_PREVIEW), 400: E[400], 401: E[401], 413: E[413], 429: E[429] },
  },
  {
    id: "create-organization",
    method: "POST",
    path: "/api/v1/admin/organizations",
    summary: "Create an organization (admin token).",
    tags: ["admin"],
    security: ADMIN,
    request: { schema: organizationCreateSchema, example: { name: "Acme" } },
    responses: { 201: ok("Created.", organizationSchema, ex.EXAMPLE_ORGANIZATION), 400: E[400], 401: E[401], 413: E[413] },
  },
  {
    id: "create-project",
    method: "POST",
    path: "/api/v1/admin/projects",
    summary: "Create a project in an organization (admin token).",
    tags: ["admin"],
    security: ADMIN,
    request: { schema: projectCreateSchema, example: { organization_id: 1, name: "Default" } },
    responses: { 201: ok("Created.", projectSchema, ex.EXAMPLE_PROJECT), 400: E[400], 401: E[401], 404: E[404], 413: E[413] },
  },
  {
    id: "create-api-token",
    method: "POST",
    path: "/api/v1/admin/tokens",
    summary: "Create an API token scoped to one project or one workflow; the token is shown once (admin token).",
    tags: ["admin"],
    security: ADMIN,
    request: { schema: apiTokenCreateSchema, example: { project_id: 2, name: "CI" } },
    responses: { 201: ok("Created.", apiTokenSchema, ex.EXAMPLE_API_TOKEN), 400: E[400], 401: E[401], 404: E[404], 413: E[413] },
  },
  {
    id: "revoke-api-token",
    method: "DELETE",
    path: "/api/v1/admin/tokens/{id}",
    summary: "Revoke an API token (admin token).",
    tags: ["admin"],
    security: ADMIN,
    responses: { 204: noContent, 401: E[401], 404: E[404] },
  },
  {
    id: "healthz",
    method: "GET",
    path: "/healthz",
    summary: "Liveness: the process serves HTTP.",
    tags: ["health"],
    security: [],
    responses: { 200: ok("Alive.", serviceHealthSchema, { status: "ok" }) },
  },
  {
    id: "readyz",
    method: "GET",
    path: "/readyz",
    summary: "Readiness: the database answers and the run worker is running.",
    tags: ["health"],
    security: [],
    responses: {
      200: ok("Ready.", serviceHealthSchema, { status: "ok", checks: { database: "ok", worker: "ok" } }),
      503: ok("Not ready.", serviceHealthSchema, { status: "unavailable", checks: { database: "failing", worker: "ok" } }),
    },
  },
] as const satisfies readonly EndpointDef[];
