import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { BEARER, created, E, idOf, noContent, ok, problem } from "./endpoint-parts.ts";
import * as ex from "./examples.ts";
import { schedulePreviewRequestSchema, schedulePreviewResponseSchema } from "./schedule-preview.ts";
import { triggerListSchema, triggerSchema } from "./trigger.ts";
import { triggerCreateSchema, triggerPatchSchema } from "./trigger-body.ts";
import { triggerRunPageSchema, triggerRunSchema } from "./trigger-run.ts";

/** Triggers, their firings and schedule previews (D16, D17, D22, D23). */
export const TRIGGER_ENDPOINTS = [
  {
    id: "list-triggers",
    method: "GET",
    path: "/api/v1/workflows/{id}/triggers",
    pathParameters: idOf("workflow"),
    summary: "List a workflow's triggers.",
    tags: ["triggers"],
    security: BEARER,
    responses: {
      200: ok("The triggers.", triggerListSchema, { items: [ex.EXAMPLE_WEBHOOK_TRIGGER] }),
      401: E[401],
      403: E[403],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "create-trigger",
    method: "POST",
    path: "/api/v1/workflows/{id}/triggers",
    pathParameters: idOf("workflow"),
    summary: "Create a trigger; a webhook trigger's answer carries its URL (D16, D17, D23).",
    tags: ["triggers"],
    security: BEARER,
    request: { schema: triggerCreateSchema, example: { type: "webhook", name: "Orders" } },
    responses: {
      201: created("Created.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER, "/api/v1/triggers/{id}"),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      409: E[409],
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "get-trigger",
    method: "GET",
    path: "/api/v1/triggers/{id}",
    pathParameters: idOf("trigger"),
    summary: "Read a trigger.",
    tags: ["triggers"],
    security: BEARER,
    responses: {
      200: ok("The trigger.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER),
      401: E[401],
      403: E[403],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "update-trigger",
    method: "PATCH",
    path: "/api/v1/triggers/{id}",
    pathParameters: idOf("trigger"),
    summary: "Change a trigger; the fields allowed depend on its type.",
    tags: ["triggers"],
    security: BEARER,
    request: { schema: triggerPatchSchema, example: { name: "Orders (EU)" } },
    responses: {
      200: ok("The updated trigger.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      409: E[409],
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "delete-trigger",
    method: "DELETE",
    path: "/api/v1/triggers/{id}",
    pathParameters: idOf("trigger"),
    summary: "Delete a trigger; a webhook trigger's URL stops working for good.",
    tags: ["triggers"],
    security: BEARER,
    responses: { 204: noContent, 401: E[401], 403: E[403], 404: E[404], 429: E[429] },
  },
  ...(["enable", "disable"] as const).map((action) => ({
    id: `${action}-trigger` as const,
    method: "POST" as const,
    path: `/api/v1/triggers/{id}/${action}`,
    pathParameters: idOf("trigger"),
    summary: action === "enable" ? "Enable a trigger (refused while the workflow prompts, D23)." : "Disable a trigger.",
    tags: ["triggers"],
    security: BEARER,
    responses: {
      200: ok("The trigger.", triggerSchema, ex.EXAMPLE_WEBHOOK_TRIGGER),
      401: E[401],
      403: E[403],
      404: E[404],
      ...(action === "enable" ? { 409: E[409] } : {}),
      429: E[429],
    },
  })),
  {
    id: "fire-trigger",
    method: "POST",
    path: "/api/v1/triggers/{id}/fire",
    pathParameters: idOf("trigger"),
    summary: "Fire Now: start a run of a schedule trigger immediately (D22).",
    tags: ["triggers"],
    security: BEARER,
    responses: {
      201: ok("The trigger run it recorded.", triggerRunSchema, { ...ex.EXAMPLE_TRIGGER_RUN, source: "manual" }),
      401: E[401],
      403: E[403],
      404: E[404],
      409: problem(
        "conflict",
        "Only schedule triggers have Fire Now.",
        "Fire Now is for schedule triggers; test a webhook trigger by posting to its URL.",
      ),
      422: problem("workflow_not_startable", "The workflow cannot start.", "Workflow 7 has no stages."),
      429: E[429],
    },
  },
  {
    id: "list-trigger-runs",
    method: "GET",
    path: "/api/v1/triggers/{id}/runs",
    pathParameters: idOf("trigger"),
    summary: "A trigger's firings, newest first, a page at a time.",
    query: {
      limit: { description: "How many runs a page holds.", schema: z.number().int().min(1).max(100).default(20) },
      cursor: { description: "The `next_cursor` of the previous page; opaque.", schema: z.string().min(1) },
    },
    tags: ["triggers"],
    security: BEARER,
    responses: {
      200: ok("One page.", triggerRunPageSchema, ex.EXAMPLE_TRIGGER_RUN_PAGE),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];

/** Schedule previews (D16). */
export const SCHEDULE_ENDPOINTS = [
  {
    id: "preview-schedule",
    method: "POST",
    path: "/api/v1/schedules/preview",
    summary: "Show what a schedule will do before saving it (D16).",
    tags: ["triggers"],
    security: BEARER,
    request: {
      schema: schedulePreviewRequestSchema,
      example: { schedule: "every weekday at 9am", timezone: "America/New_York", count: 3 },
    },
    responses: {
      200: ok("The preview.", schedulePreviewResponseSchema, ex.EXAMPLE_SCHEDULE_PREVIEW),
      400: E[400],
      401: E[401],
      413: E[413],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
