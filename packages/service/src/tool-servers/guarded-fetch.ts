import { fetch as undiciFetch } from "undici";
import type { GroundContext } from "../context/ground-context.ts";
import {
  limitResponseBody,
  type ResponseTooLargeError,
  TOOL_SERVER_MAX_RESPONSE_BYTES,
} from "./limit-response-body.ts";

/** How long one request to a tool server may take. */
export const TOOL_SERVER_TIMEOUT_MS = 10_000;
/** How long connecting and listing every page may take in all. */
export const TOOL_SERVER_TOTAL_MS = 30_000;

/**
 * A `fetch` for the MCP transport whose every connection goes through the outbound guard's dispatcher (A15), with a
 * deadline per request and the `overall` one, and that follows no redirect: a 3xx answer is a failure naming where it
 * pointed. No answer is read past TOOL_SERVER_MAX_RESPONSE_BYTES (D354): its body errors, its connection is dropped,
 * and `onTooLarge` hears of it (the SDK only logs a broken event stream, so the caller must fail the request itself).
 */
export function guardedFetch(
  context: Pick<GroundContext, "outbound">,
  overall: AbortSignal,
  onTooLarge: (error: ResponseTooLargeError) => void = () => undefined,
): typeof fetch {
  const dispatcher = context.outbound.dispatcher;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const signal = AbortSignal.any([
      AbortSignal.timeout(TOOL_SERVER_TIMEOUT_MS),
      overall,
      ...(init?.signal ? [init.signal] : []),
    ]);
    const response = await undiciFetch(input as string, {
      ...(init as object),
      redirect: "manual",
      signal,
      dispatcher,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("location") ?? "nowhere";
      throw new Error(`it redirected (HTTP ${response.status}) to ${location}; redirects are not followed`);
    }
    return (await limitResponseBody(response, TOOL_SERVER_MAX_RESPONSE_BYTES, onTooLarge)) as unknown as Response;
  }) as typeof fetch;
}
