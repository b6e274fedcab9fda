import { z } from "zod";
import type { ParameterDef, ResponseDef } from "../endpoint.ts";
import { PROBLEM_CONTENT_TYPE, problemSchema, type ServiceErrorCode, toProblem } from "./problem.ts";

/** A problem+json response of one code, with an example body. */
export const problem = (code: ServiceErrorCode, description: string, detail: string): ResponseDef => ({
  description,
  schema: problemSchema,
  contentType: PROBLEM_CONTENT_TYPE,
  example: toProblem(code, detail).body,
});
/** A JSON response with its schema and example. */
export const ok = (description: string, schema: z.ZodType, example: unknown): ResponseDef => ({
  description,
  schema,
  example,
});
/** A 201 with its body and the `Location` of what it created. */
export const created = (description: string, schema: z.ZodType, example: unknown, location: string): ResponseDef => ({
  ...ok(description, schema, example),
  headers: {
    Location: { description: `Where the created resource is: ${location}.`, schema: z.string(), required: true },
  },
});
/** The `{id}` of a path: a positive integer. */
export const idOf = (resource: string): Readonly<Record<"id", ParameterDef>> => ({
  id: { description: `The ${resource}'s id.`, schema: z.number().int().positive() },
});
/** An empty response. */
export const noContent: ResponseDef = { description: "Done; no body." };

/** The error responses most endpoints share, by status. */
export const E = {
  400: problem(
    "invalid_request",
    "The body or a parameter is invalid; `errors` names each field.",
    "workflow_id: expected a positive integer",
  ),
  401: problem("unauthorized", "The bearer token is missing or invalid.", "Missing or invalid bearer token."),
  403: problem(
    "forbidden",
    "The resource is outside the token's project or workflow scope.",
    "Workflow 7 is outside this token's scope.",
  ),
  404: problem("not_found", "Unknown id, or one of another organization.", "No workflow 7 in this organization."),
  409: problem(
    "conflict",
    "The change conflicts with the resource's state.",
    "This trigger can't be enabled because its workflow asks for a task description before it starts. Turn off 'Prompt for task description' first.",
  ),
  413: problem("payload_too_large", "The body is over 1 MiB.", "The body is larger than 1048576 bytes."),
  429: problem(
    "rate_limited",
    "Too many requests for this token; see Retry-After.",
    "Rate limit exceeded; retry after 1 s.",
  ),
} as const;
/** Security of API-token endpoints. */
export const BEARER = ["bearerAuth"] as const;
/** Security of admin endpoints. */
export const ADMIN = ["adminAuth"] as const;
