import { type AdapterError, type Issue, toAdapterError } from "@adapterkit/contract/adapter";
import { AdapterHttpError } from "./adapter-http-error.ts";

/** A D8 error ready to send: status, body and any extra header. */
export interface ErrorResponse {
  status: number;
  body: AdapterError;
  headers?: Record<string, string>;
}

/** Renders any thrown value as a D8 error; anything but an `AdapterHttpError` becomes a generic 500. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (!(error instanceof AdapterHttpError)) {
    return toAdapterError("internal_error", "The adapter failed while handling this request.");
  }
  const extra: { issues?: Issue[] } = {};
  if (error.issues !== undefined) extra.issues = error.issues;
  const response: ErrorResponse = toAdapterError(error.code, error.message, extra);
  if (error.retryAfter !== undefined) {
    // The wire field and the Retry-After header both take whole seconds.
    const seconds = Math.max(0, Math.ceil(error.retryAfter));
    response.body.retry_after = seconds;
    response.headers = { "retry-after": String(seconds) };
  }
  return response;
}
