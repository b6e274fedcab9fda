import { z } from "zod";

/** D12: every error code of the public API and its HTTP status; a code without a status fails to compile. */
export const SERVICE_ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  trigger_disabled: 409,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  workflow_not_startable: 422,
  idempotency_key_reused: 422,
  verification_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  adapter_failed: 502,
  adapter_timeout: 504,
  adapter_unavailable: 503,
  tool_server_failed: 502,
} as const satisfies Record<string, number>;

export type ServiceErrorCode = keyof typeof SERVICE_ERROR_STATUS;
export const SERVICE_ERROR_CODES = Object.keys(SERVICE_ERROR_STATUS) as [ServiceErrorCode, ...ServiceErrorCode[]];

/** The short, human-readable title of each problem type (RFC 9457 `title`). */
export const SERVICE_ERROR_TITLES = {
  invalid_request: "Invalid request",
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  trigger_disabled: "Trigger disabled",
  conflict: "Conflict",
  gone: "Gone",
  payload_too_large: "Payload too large",
  workflow_not_startable: "Workflow failed to start",
  idempotency_key_reused: "Idempotency key reused",
  verification_failed: "Credentials refused by the adapter",
  rate_limited: "Too many requests",
  internal_error: "Internal error",
  adapter_failed: "Adapter failed",
  adapter_timeout: "Adapter timed out",
  adapter_unavailable: "Adapter unavailable",
  tool_server_failed: "Tool server failed",
} as const satisfies Record<ServiceErrorCode, string>;

/** Prefix of every problem `type`: a URN, because the service has no public documentation host to point at. */
export const PROBLEM_TYPE_PREFIX = "urn:adapterkit:problem:";

export const problemIssueSchema = z
  .object({
    path: z.string().meta({ description: "JSON Pointer of the offending field ('' for the whole body)." }),
    message: z.string(),
  })
  .meta({ title: "Problem issue" });

/** D12: the RFC 9457 `application/problem+json` body of every public API error. */
export const problemSchema = z
  .object({
    type: z.string().startsWith(PROBLEM_TYPE_PREFIX).meta({ description: "`urn:adapterkit:problem:<code>`." }),
    title: z.string().min(1),
    status: z.int().min(400).max(599),
    detail: z.string().min(1).meta({ description: "What went wrong, naming the field when the input is at fault." }),
    code: z.enum(SERVICE_ERROR_CODES).meta({ description: "The error code; the last segment of `type`." }),
    errors: z.array(problemIssueSchema).optional().meta({ description: "With invalid_request: each bad field." }),
  })
  .meta({
    title: "Problem",
    description: "RFC 9457 problem details, served as application/problem+json.",
    examples: [
      {
        type: "urn:adapterkit:problem:not_found",
        title: "Not found",
        status: 404,
        detail: "No workflow 42 in this organization.",
        code: "not_found",
      },
    ],
  });

export type ProblemIssue = z.infer<typeof problemIssueSchema>;
export type Problem = z.infer<typeof problemSchema>;

/** The media type of every public API error body. */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** Builds the one wire shape of a public API error. */
export function toProblem(
  code: ServiceErrorCode,
  detail: string,
  extra: { errors?: ProblemIssue[] } = {},
): { status: number; body: Problem } {
  const status = SERVICE_ERROR_STATUS[code];
  const body: Problem = {
    type: `${PROBLEM_TYPE_PREFIX}${code}`,
    title: SERVICE_ERROR_TITLES[code],
    status,
    detail,
    code,
  };
  if (extra.errors !== undefined) body.errors = extra.errors;
  return { status, body };
}
