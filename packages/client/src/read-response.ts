import type { AdapterError, AdapterShapeName } from "@adapterkit/contract";
import type { ClientResult, ReceivedResponse, SchemaIssue } from "./client-result.ts";
import { validateShape } from "./validate-shape.ts";

/** Judges a received response: an error status, a body that is not JSON, or a body that must match `shape`. */
export function readResponse(
  response: ReceivedResponse,
  shape: AdapterShapeName,
  durationMs: number,
): ClientResult<unknown> {
  const { status, text } = response;
  if (status < 200 || status > 299) return { ok: false, error: readErrorBody(response), durationMs };
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, error: { kind: "invalid_json", status, text }, durationMs };
  return judgeBody(response, parsed.value, shape, durationMs);
}

/** Validates an already parsed 2xx body against `shape`. */
export function judgeBody(
  response: ReceivedResponse,
  body: unknown,
  shape: AdapterShapeName,
  durationMs: number,
): ClientResult<unknown> {
  const validation = validateShape(shape, body);
  if (!validation.ok) {
    return {
      ok: false,
      error: { kind: "schema_violation", status: response.status, issues: validation.issues, body },
      durationMs,
    };
  }
  return { ok: true, value: body, status: response.status, headers: response.headers, durationMs };
}

function readErrorBody({ status, text }: ReceivedResponse) {
  const parsed = parseJson(text);
  let body: AdapterError | null = null;
  let issues: readonly SchemaIssue[];
  if (!parsed.ok) {
    issues = [
      {
        pointer: "",
        expected: "a JSON adapter error (D8)",
        actual: "a body that is not JSON",
        message: "(body): expected a JSON adapter error (D8), got a body that is not JSON",
      },
    ];
  } else {
    const validation = validateShape("adapter-error", parsed.value);
    issues = validation.ok ? [] : validation.issues;
    if (validation.ok) body = parsed.value as AdapterError;
  }
  return { kind: "http_status", status, body, text, issues } as const;
}

/** Parses JSON without throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
