import type { EndpointDef } from "../endpoint.ts";
import { BEARER, created, E, idOf, ok, problem } from "./endpoint-parts.ts";
import * as ex from "./examples.ts";
import { workflowCreateSchema, workflowListSchema, workflowPatchSchema, workflowSchema } from "./workflow.ts";

/** Workflows (D16). */
export const WORKFLOW_ENDPOINTS = [
  {
    id: "list-workflows",
    method: "GET",
    path: "/api/v1/workflows",
    summary: "List the workflows the token can see.",
    tags: ["workflows"],
    security: BEARER,
    responses: {
      200: ok("The workflows.", workflowListSchema, { items: [ex.EXAMPLE_WORKFLOW] }),
      401: E[401],
      429: E[429],
    },
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
      201: created("Created.", workflowSchema, ex.EXAMPLE_WORKFLOW, "/api/v1/workflows/{id}"),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "get-workflow",
    method: "GET",
    path: "/api/v1/workflows/{id}",
    pathParameters: idOf("workflow"),
    summary: "Read a workflow.",
    tags: ["workflows"],
    security: BEARER,
    responses: {
      200: ok("The workflow.", workflowSchema, ex.EXAMPLE_WORKFLOW),
      401: E[401],
      403: E[403],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "update-workflow",
    method: "PATCH",
    path: "/api/v1/workflows/{id}",
    pathParameters: idOf("workflow"),
    summary: "Change a workflow; turning on Prompt for task description is refused while triggers are enabled (D23).",
    tags: ["workflows"],
    security: BEARER,
    request: { schema: workflowPatchSchema, example: { name: "Triage v2" } },
    responses: {
      200: ok("The updated workflow.", workflowSchema, ex.EXAMPLE_WORKFLOW),
      400: E[400],
      401: E[401],
      403: E[403],
      404: E[404],
      409: problem("conflict", "Enabled triggers prevent the change.", "Disable these triggers first: 3 (Orders)."),
      413: E[413],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
