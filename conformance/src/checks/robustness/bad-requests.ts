import { type ClientFailure, validateShape } from "@adapterkit/client";
import type { AdapterEndpointId } from "@adapterkit/contract";
import type { ConformanceContext } from "../../context.ts";
import { excerpt, label } from "../shared/labels.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

/** One deliberately bad request to one endpoint. */
export interface BadRequest {
  readonly endpoint: AdapterEndpointId;
  /** The JSON body, or the exact text for a body that is not JSON. */
  readonly body: unknown;
  readonly rawBody?: string;
  readonly what: string;
}

/** What came back for a bad request. */
export interface BadAnswer {
  readonly request: BadRequest;
  readonly status: number | undefined;
  readonly text: string;
  readonly contentType: string | undefined;
  readonly error?: ClientFailure;
}

/** 2 MiB: twice the D14-style 1 MiB limit the SDK applies, well past anything a platform webhook carries. */
export const OVERSIZE_BYTES = 2 * 1024 * 1024;

/**
 * Two bodies that are not JSON but carry the good credentials, for every required POST endpoint: the valid body
 * with its last byte cut off, and the valid body with the credential values unquoted. An adapter that echoes the
 * body, or its parser's error message (Node's JSON.parse quotes the text around the error), leaks them.
 */
export function malformedRequests(ctx: ConformanceContext): BadRequest[] {
  return requiredPosts(ctx.manifest).flatMap((endpoint) => {
    const valid = validBody(ctx, endpoint.id) as Record<string, unknown>;
    const cut = {
      endpoint: endpoint.id,
      body: undefined,
      rawBody: JSON.stringify(valid).slice(0, -1),
      what: "JSON cut off",
    };
    const unquoted = withUnquotedCredentials(valid);
    return isJson(unquoted)
      ? [cut]
      : [
          cut,
          { endpoint: endpoint.id, body: undefined, rawBody: unquoted, what: "JSON with unquoted credential values" },
        ];
  });
}

/** The body's JSON text with every string value of `credentials` written without its quotes. */
function withUnquotedCredentials(body: Record<string, unknown>): string {
  const { credentials, ...rest } = body;
  const fields = Object.entries((credentials ?? {}) as Record<string, unknown>).map(
    ([key, value]) => `${JSON.stringify(key)}:${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
  const others = JSON.stringify(rest).slice(1, -1);
  return `{"credentials":{${fields.join(",")}}${others === "" ? "" : `,${others}`}}`;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** An empty object: every required field missing. */
export function missingFieldRequests(ctx: ConformanceContext): BadRequest[] {
  return requiredPosts(ctx.manifest).map((endpoint) => ({ endpoint: endpoint.id, body: {}, what: "an empty object" }));
}

/** A well-formed body with every top-level field of the wrong type; `keepCredentials` leaves the credentials valid. */
export function wrongTypeRequests(ctx: ConformanceContext, keepCredentials = false): BadRequest[] {
  return requiredPosts(ctx.manifest).flatMap((endpoint) => {
    const valid = Object.entries(validBody(ctx, endpoint.id) as Record<string, unknown>);
    // With the credentials kept, a body holding nothing else would be a valid request, not a bad one.
    if (keepCredentials && valid.every(([key]) => key === "credentials")) return [];
    const body = Object.fromEntries(
      valid.map(([key, value]) => [key, keepCredentials && key === "credentials" ? value : flipType(value)]),
    );
    return [
      {
        endpoint: endpoint.id,
        body,
        what: keepCredentials ? "wrong field types beside valid credentials" : "every field of the wrong type",
      },
    ];
  });
}

/** A valid body padded past {@link OVERSIZE_BYTES}. */
export function oversizeRequests(ctx: ConformanceContext): BadRequest[] {
  const padding = "x".repeat(OVERSIZE_BYTES);
  return requiredPosts(ctx.manifest).map((endpoint) => ({
    endpoint: endpoint.id,
    body: { ...(validBody(ctx, endpoint.id) as Record<string, unknown>), conformance_padding: padding },
    what: "a 2 MiB body",
  }));
}

/** Sends bad requests (signed as any service call) and keeps whatever came back. */
export async function sendBadRequests(ctx: ConformanceContext, requests: readonly BadRequest[]): Promise<BadAnswer[]> {
  return Promise.all(
    requests.map(async (request) => {
      const result = await ctx.client.call(
        request.endpoint,
        request.body,
        request.rawBody === undefined ? {} : { rawBody: request.rawBody },
      );
      return {
        request,
        status: result.response?.status,
        text: result.response?.text ?? "",
        contentType: result.response?.headers["content-type"],
        ...(result.ok ? {} : { error: result.error }),
      };
    }),
  );
}

/** Why an answer to a bad request is wrong (not a 4xx with a D8 body), or undefined when it is right. */
export function refusalProblem(
  answer: BadAnswer,
): { message: string; expected: string; actual: string; pointer?: string } | undefined {
  const { status } = answer;
  if (status === undefined)
    return {
      message: `${answer.request.what} got no answer`,
      expected: "a 4xx D8 error",
      actual: answer.error?.kind ?? "no response",
    };
  if (status < 400 || status > 499) {
    return {
      message: `${answer.request.what} answered ${status}`,
      expected: "a 4xx D8 error (400 invalid_request, 413 payload_too_large)",
      actual: `${status} ${excerpt(answer.text)}`,
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return {
      message: `${answer.request.what} answered ${status} without a JSON body`,
      expected: '{ "ok": false, "error", "code" } (D8)',
      actual: excerpt(answer.text),
    };
  }
  const validation = validateShape("adapter-error", body);
  if (validation.ok) return undefined;
  const [issue] = validation.issues;
  return {
    message: `${answer.request.what} answered ${status} with a body that is not a D8 error`,
    expected: issue?.expected ?? "a D8 error",
    actual: issue?.actual ?? excerpt(answer.text),
    ...(issue === undefined ? {} : { pointer: issue.pointer }),
  };
}

/** The failure label and curl request of a bad request. */
export function failureRequest(request: BadRequest): { endpoint: string; request: { body: unknown } } {
  return { endpoint: label(request.endpoint), request: { body: request.rawBody ?? request.body } };
}

function flipType(value: unknown): unknown {
  if (typeof value === "string") return 12345;
  if (typeof value === "number" || typeof value === "boolean") return "not-a-number";
  if (Array.isArray(value)) return { not: "an array" };
  if (value !== null && typeof value === "object") return "not-an-object";
  return 0;
}
