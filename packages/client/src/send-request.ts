import { performance } from "node:perf_hooks";
import { type Dispatcher, request } from "undici";
import type { ClientFailure, ReceivedResponse, SentRequest } from "./client-result.ts";

/** What came back from the wire: a whole response, or no response and why. */
export type SendOutcome =
  | { readonly ok: true; readonly response: ReceivedResponse; readonly durationMs: number }
  | { readonly ok: false; readonly failure: ClientFailure; readonly durationMs: number };

/** Sends one request and reads its whole body within `timeoutMs`; transport errors become failures, not throws. */
export async function sendRequest(
  sent: SentRequest,
  options: { readonly timeoutMs: number; readonly dispatcher: Dispatcher },
): Promise<SendOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    const answer = await request(sent.url, {
      method: sent.method as Dispatcher.HttpMethod,
      headers: sent.headers,
      body: sent.body ?? null,
      dispatcher: options.dispatcher,
      signal: controller.signal,
      // Our timer is the one deadline, so undici's own (300 s) never wins for a longer override.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    const bytes = new Uint8Array(await answer.body.arrayBuffer());
    const response: ReceivedResponse = {
      status: answer.statusCode,
      headers: flattenHeaders(answer.headers),
      bytes,
      text: new TextDecoder().decode(bytes),
    };
    return { ok: true, response, durationMs: elapsed() };
  } catch (error) {
    const failure: ClientFailure = timedOut
      ? { kind: "timeout", timeoutMs: options.timeoutMs }
      : { kind: "unreachable", message: describeTransportError(error) };
    return { ok: false, failure, durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

// Connection errors to "localhost" arrive as an AggregateError (one per address tried) with an empty message.
function describeTransportError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const parts = error instanceof AggregateError ? error.errors.map((inner) => describeTransportError(inner)) : [];
  const message = error.message || parts.join("; ") || "connection failed";
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}
