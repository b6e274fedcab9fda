import { performance } from "node:perf_hooks";
import { type Dispatcher, request, util } from "undici";
import type { ClientFailure, ReceivedResponse, ResponseHeaders, SentRequest } from "./client-result.ts";

/** What came back from the wire: a whole response, or no response and why. */
export type SendOutcome =
  | { readonly ok: true; readonly response: ReceivedResponse; readonly durationMs: number }
  | { readonly ok: false; readonly failure: ClientFailure; readonly durationMs: number };

/** How long to wait, how much to read, and through which connection pool. */
export interface SendOptions {
  readonly timeoutMs: number;
  /** A body larger than this is not read: the call fails with `response_too_large`. */
  readonly maxResponseBytes: number;
  readonly dispatcher: Dispatcher;
  /** Where a body goes as it arrives instead of into memory, chosen by its status and headers; undefined reads it whole. */
  readonly sinkFor?: ((status: number, headers: ResponseHeaders) => BodySink | undefined) | undefined;
}

/**
 * Takes a streamed body chunk by chunk; the next chunk is read once the returned promise settles. A rejection stops
 * the read, and `sendRequest` throws it: it is the caller's failure, not the adapter's.
 */
export type BodySink = (chunk: Uint8Array) => void | Promise<void>;

/** A sink's own failure, carried out of the read so that it is rethrown rather than reported as the adapter's. */
class SinkFailure extends Error {}

/**
 * Sends one request and reads its whole body (or hands it to the sink `sinkFor` picks) within `timeoutMs` and
 * `maxResponseBytes`; transport errors and oversized bodies become failures, not throws. A streamed response's
 * `bytes` are empty.
 */
export async function sendRequest(sent: SentRequest, options: SendOptions): Promise<SendOutcome> {
  if (options.sinkFor === undefined) return sendReadWhole(sent, options);
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
    const headers = flattenHeaders(answer.headers);
    const sink = options.sinkFor?.(answer.statusCode, headers);
    const bytes =
      sink === undefined
        ? await readLimited(answer, options.maxResponseBytes)
        : await streamLimited(answer, options.maxResponseBytes, sink);
    if (bytes === undefined) {
      const failure: ClientFailure = {
        kind: "response_too_large",
        status: answer.statusCode,
        limitBytes: options.maxResponseBytes,
      };
      return { ok: false, failure, durationMs: elapsed() };
    }
    const response: ReceivedResponse = {
      status: answer.statusCode,
      headers,
      bytes,
      text: UTF8.decode(bytes),
    };
    return { ok: true, response, durationMs: elapsed() };
  } catch (error) {
    if (error instanceof SinkFailure) throw error.cause;
    const failure: ClientFailure = timedOut
      ? { kind: "timeout", timeoutMs: options.timeoutMs }
      : { kind: "unreachable", message: describeTransportError(error) };
    return { ok: false, failure, durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

// One decoder for every body: a call without `stream` keeps no state between calls (a leading BOM is still dropped).
const UTF8 = new TextDecoder();

/**
 * `sendRequest` for a body read whole: the same request, limits, deadline and outcomes, through the dispatcher's
 * own handler interface, so that no Readable, async iterator, AbortController or URL parse is made per call (D260:
 * those were a tenth of the service's CPU per inbound event, two adapter calls each).
 */
function sendReadWhole(sent: SentRequest, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    let timedOut = false;
    let abort: ((reason?: Error) => void) | undefined;
    let status = 0;
    let headers: ResponseHeaders = {};
    let chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    // Past the limit the rest is dropped with the connection rather than read, as readLimited does.
    const tooLarge = () => {
      settle({
        ok: false,
        failure: { kind: "response_too_large", status, limitBytes: options.maxResponseBytes },
        durationMs: elapsed(),
      });
      chunks = [];
      abort?.();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      abort?.();
    }, options.timeoutMs);
    const handler: Dispatcher.DispatchHandler = {
      onConnect(abortRequest) {
        abort = abortRequest;
        if (timedOut || settled) abortRequest();
      },
      onHeaders(statusCode, rawHeaders) {
        if (statusCode < 200) return true;
        status = statusCode;
        headers = flattenHeaders(util.parseHeaders(rawHeaders as unknown as Buffer[]));
        const declared = Number(headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxResponseBytes) tooLarge();
        return true;
      },
      onData(chunk) {
        if (settled) return true;
        size += chunk.length;
        if (size > options.maxResponseBytes) tooLarge();
        else chunks.push(chunk);
        return true;
      },
      onComplete() {
        if (settled) return;
        const bytes = new Uint8Array(size);
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.length;
        }
        const response: ReceivedResponse = { status, headers, bytes, text: UTF8.decode(bytes) };
        settle({ ok: true, response, durationMs: elapsed() });
      },
      onError(error) {
        const failure: ClientFailure = timedOut
          ? { kind: "timeout", timeoutMs: options.timeoutMs }
          : { kind: "unreachable", message: describeTransportError(error) };
        settle({ ok: false, failure, durationMs: elapsed() });
      },
    };
    try {
      const { origin, path } = splitUrl(sent.url);
      options.dispatcher.dispatch(
        {
          origin,
          path,
          method: sent.method as Dispatcher.HttpMethod,
          headers: sent.headers,
          body: sent.body ?? null,
          // Our timer is the one deadline, so undici's own (300 s) never wins for a longer override.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        handler,
      );
    } catch (error) {
      handler.onError?.(error as Error);
    }
  });
}

// The origin and path of each URL called, parsed once: a client calls a handful of URLs over and over.
const splitUrls = new Map<string, { readonly origin: string; readonly path: string }>();
function splitUrl(url: string): { readonly origin: string; readonly path: string } {
  let split = splitUrls.get(url);
  if (split === undefined) {
    const parsed = new URL(url);
    split = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
    if (splitUrls.size >= 1000) splitUrls.clear();
    splitUrls.set(url, split);
  }
  return split;
}

// A declared Content-Length over the limit is refused unread; a body without one is counted as it streams. Either
// way the rest is dropped with the connection rather than read.
async function readLimited(answer: Dispatcher.ResponseData, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(answer.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return drop(answer.body);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body) {
    size += (chunk as Buffer).length;
    if (size > limit) return drop(answer.body);
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

// As readLimited, but each chunk goes to the sink as it arrives: what is held is one chunk, never the body.
async function streamLimited(
  answer: Dispatcher.ResponseData,
  limit: number,
  sink: BodySink,
): Promise<Uint8Array | undefined> {
  const declared = Number(answer.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return drop(answer.body);
  let size = 0;
  for await (const chunk of answer.body) {
    size += (chunk as Buffer).length;
    if (size > limit) return drop(answer.body);
    try {
      await sink(chunk as Buffer);
    } catch (error) {
      drop(answer.body);
      throw new SinkFailure("the body's sink failed", { cause: error });
    }
  }
  return new Uint8Array(0);
}

// Destroying the body aborts it, and undici then reports the abort as an error that nobody else listens for.
function drop(body: Dispatcher.ResponseData["body"]): undefined {
  body.on("error", () => {});
  body.destroy();
  return undefined;
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
