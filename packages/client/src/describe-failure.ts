import type { ClientFailure } from "./client-result.ts";

/**
 * One line for humans saying what went wrong with a call.
 *
 * @example
 * describeFailure({ kind: "timeout", timeoutMs: 5000 }); // "no answer within 5000 ms"
 */
export function describeFailure(failure: ClientFailure): string {
  switch (failure.kind) {
    case "unreachable":
      return `adapter unreachable: ${failure.message}`;
    case "timeout":
      return `no answer within ${failure.timeoutMs} ms`;
    case "http_status":
      return failure.body
        ? `HTTP ${failure.status} ${failure.body.code}: ${failure.body.error}`
        : `HTTP ${failure.status} with a body that is not an adapter error (D8): ${excerpt(failure.text)}`;
    case "schema_violation": {
      const [first, ...rest] = failure.issues;
      const more = rest.length > 0 ? ` (and ${rest.length} more)` : "";
      return `HTTP ${failure.status} body breaks the contract: ${first?.message ?? "no details"}${more}`;
    }
    case "invalid_json":
      return `HTTP ${failure.status} body is not JSON: ${excerpt(failure.text)}`;
    case "response_too_large":
      return `HTTP ${failure.status} body is larger than ${failure.limitBytes} bytes; it was not read`;
  }
}

function excerpt(text: string): string {
  if (text.length === 0) return "(empty)";
  const flat = JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
  return flat;
}
