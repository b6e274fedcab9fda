import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { callbackEnvelopeSchema } from "./callback.ts";
import { BEARER, created, E, idOf, noContent, ok, problem } from "./endpoint-parts.ts";
import * as ex from "./examples.ts";
import {
  hookResponseSchema,
  triggerRequestSchema,
  triggerResponseSchema,
  WEBHOOK_TOKEN_PATTERN,
} from "./trigger-request.ts";
import { workflowRunSchema } from "./workflow-run.ts";

/** The two public ways to start a run (D13, D14) and the callback receiver (D25). */
export const RUN_ENDPOINTS = [
  {
    id: "trigger",
    method: "POST",
    path: "/api/v1/trigger",
    summary: "Start a run of a workflow with an API token (D13).",
    tags: ["runs"],
    security: BEARER,
    request: { schema: triggerRequestSchema, example: { workflow_id: 7 } },
    responses: {
      201: created(
        "Run created.",
        triggerResponseSchema,
        { workflow_run_id: 129, session_id: 129 },
        "/api/v1/workflow-runs/{id}",
      ),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      413: E[413],
      422: problem(
        "workflow_not_startable",
        "The workflow cannot start (configuration error).",
        "Workflow 7 has no stages.",
      ),
      429: E[429],
    },
  },
  {
    id: "hook",
    method: "POST",
    path: "/api/v1/hooks/{token}",
    summary: "Start a run through a webhook trigger's URL with any body, or none (D14).",
    tags: ["runs"],
    security: [],
    pathParameters: {
      token: {
        description: "The webhook trigger's token: 43 URL-safe base64 characters; any other value is a 404.",
        schema: z.string().regex(WEBHOOK_TOKEN_PATTERN),
      },
    },
    headers: {
      "Idempotency-Key": {
        description: "A repeat within 24 h answers the first 201 and starts nothing; with another body, 422 (D14).",
        schema: z.string().regex(/^[\x21-\x7e]{1,255}$/),
      },
    },
    // contract.md#hooks: the body is optional; without one the run starts with no initial input.
    request: { schema: z.unknown(), contentType: "*/*", example: { order: 1 }, required: false },
    responses: {
      201: created(
        "Run started (or, for a repeated Idempotency-Key, the first answer again).",
        hookResponseSchema,
        { workflow_run_id: 129, status: "started" },
        "/api/v1/workflow-runs/{id}",
      ),
      404: problem("not_found", "Invalid or unknown token.", "No webhook trigger has this token."),
      409: problem("trigger_disabled", "The trigger is disabled.", "Webhook trigger 3 is disabled."),
      413: E[413],
      422: problem(
        "workflow_not_startable",
        "The workflow failed to start (configuration error), or the Idempotency-Key was used with another body (idempotency_key_reused).",
        "Workflow 7 has no stages.",
      ),
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
] as const satisfies readonly EndpointDef[];

/** Reading a run. */
export const RUN_READ_ENDPOINTS = [
  {
    id: "get-workflow-run",
    method: "GET",
    path: "/api/v1/workflow-runs/{id}",
    pathParameters: idOf("workflow run"),
    summary: "Read a run with its status, input, outputs and result.",
    tags: ["runs"],
    security: BEARER,
    responses: {
      200: ok("The run.", workflowRunSchema, ex.EXAMPLE_WORKFLOW_RUN),
      401: E[401],
      403: E[403],
      404: E[404],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
