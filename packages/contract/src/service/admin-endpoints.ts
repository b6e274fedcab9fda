import type { EndpointDef } from "../endpoint.ts";
import {
  apiTokenCreateSchema,
  apiTokenSchema,
  organizationCreateSchema,
  organizationSchema,
  projectCreateSchema,
  projectSchema,
} from "./admin.ts";
import { ADMIN, E, idOf, noContent, ok, problem } from "./endpoint-parts.ts";
import * as ex from "./examples.ts";
import { openApiDocumentSchema, serviceHealthSchema } from "./health.ts";

/** Every endpoint refuses a query parameter it does not declare; these declare none. */
const NO_QUERY = problem(
  "invalid_request",
  "The query names a parameter this endpoint does not take; `errors` names it.",
  "verbose: not a parameter of this endpoint, which takes no query parameters",
);

/** Organizations, projects and tokens (admin token), and the health probes. */
export const ADMIN_ENDPOINTS = [
  {
    id: "create-organization",
    method: "POST",
    path: "/api/v1/admin/organizations",
    summary: "Create an organization (admin token).",
    tags: ["admin"],
    security: ADMIN,
    request: { schema: organizationCreateSchema, example: { name: "Acme" } },
    responses: {
      201: ok("Created.", organizationSchema, ex.EXAMPLE_ORGANIZATION),
      400: E[400],
      401: E[401],
      413: E[413],
    },
  },
  {
    id: "create-project",
    method: "POST",
    path: "/api/v1/admin/projects",
    summary: "Create a project in an organization (admin token).",
    tags: ["admin"],
    security: ADMIN,
    request: { schema: projectCreateSchema, example: { organization_id: 1, name: "Default" } },
    responses: {
      201: ok("Created.", projectSchema, ex.EXAMPLE_PROJECT),
      400: E[400],
      401: E[401],
      404: E[404],
      413: E[413],
    },
  },
  {
    id: "create-api-token",
    method: "POST",
    path: "/api/v1/admin/tokens",
    summary: "Create an API token scoped to one project or one workflow; the token is shown once (admin token).",
    tags: ["admin"],
    security: ADMIN,
    request: { schema: apiTokenCreateSchema, example: { project_id: 2, name: "CI" } },
    responses: {
      201: ok("Created.", apiTokenSchema, ex.EXAMPLE_API_TOKEN),
      400: E[400],
      401: E[401],
      404: E[404],
      413: E[413],
    },
  },
  {
    id: "revoke-api-token",
    method: "DELETE",
    path: "/api/v1/admin/tokens/{id}",
    pathParameters: idOf("API token"),
    summary: "Revoke an API token (admin token).",
    tags: ["admin"],
    security: ADMIN,
    responses: { 204: noContent, 401: E[401], 404: E[404] },
  },
  {
    id: "get-openapi",
    method: "GET",
    path: "/api/v1/openapi.json",
    summary: "This API's OpenAPI 3.1 document (public): every endpoint, its parameters, bodies and answers.",
    tags: ["health"],
    security: [],
    responses: {
      400: NO_QUERY,
      200: ok("The document.", openApiDocumentSchema, {
        openapi: "3.1.0",
        info: { title: "adapterkit reference service API", version: "1.0.0" },
      }),
    },
  },
  {
    id: "healthz",
    method: "GET",
    path: "/healthz",
    summary: "Liveness: the process serves HTTP.",
    tags: ["health"],
    security: [],
    responses: { 200: ok("Alive.", serviceHealthSchema, { status: "ok" }), 400: NO_QUERY },
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
      503: ok("Not ready.", serviceHealthSchema, {
        status: "unavailable",
        checks: { database: "failing", worker: "ok" },
      }),
      400: NO_QUERY,
    },
  },
] as const satisfies readonly EndpointDef[];
