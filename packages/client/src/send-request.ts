import { performance } from "node:perf_hooks";
import { type Dispatcher, util } from "undici";
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

// One decoder for every body: a call without `stream` keeps no state between calls (a leading BOM is still dropped).
const UTF8 = new TextDecoder();

/**
 * Sends one request and reads its whole body (or hands it to the sink `sinkFor` picks) within `timeoutMs` and
 * `maxResponseBytes`; transport errors and oversized bodies become failures, not throws. A streamed response's
 * `bytes` are empty.
 *
 * It goes through the dispatcher's own handler interface, so that no Readable, async iterator, AbortController
 * or URL parse is made per call (D260: those were a tenth of the service's CPU per inbound event, two adapter calls
 * each; D303: the same for a streamed file). A streamed body goes to its sink chunk by chunk: while a chunk's promise
 * is pending the read is paused, so the sink's pace is the sender's (back-pressure), and its rejection is thrown.
 */
export function sendRequest(sent: SentRequest, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  return new Promise<SendOutcome>((resolve, reject) => {
    let settled = false;
    let sink: BodySink | undefined;
    let timedOut = false;
    let abort: ((reason?: Error) => void) | undefined;
    let status = 0;
    let headers: ResponseHeaders = {};
    let chunks: Buffer[] = [];
    let size = 0;
    let resumeRead: (() => void) | undefined;
    // A sink that answers a promise pauses the read until it settles.
    const toSink = (to: BodySink, chunk: Buffer): boolean => {
      let taken: void | Promise<void>;
      try {
        taken = to(chunk);
      } catch (error) {
        sinkFailed(error);
        return false;
      }
      if (taken === undefined) return true;
      taken.then(() => {
        if (!settled) resumeRead?.();
      }, sinkFailed);
      return false;
    };
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    // The sink's own failure: the read stops and the call rejects with it (the caller's failure, not the adapter's).
    const sinkFailed = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      chunks = [];
      abort?.();
      reject(error);
    };
    // Past the limit the rest is dropped with the connection rather than read.
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
      onHeaders(statusCode, rawHeaders, resume) {
        if (statusCode < 200) return true;
        status = statusCode;
        headers = flattenHeaders(util.parseHeaders(rawHeaders as unknown as Buffer[]));
        const declared = Number(headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxResponseBytes) tooLarge();
        else sink = options.sinkFor?.(status, headers);
        resumeRead = resume;
        return true;
      },
      onData(chunk) {
        if (settled) return true;
        size += chunk.length;
        if (size > options.maxResponseBytes) tooLarge();
        else if (sink === undefined) chunks.push(chunk);
        else return toSink(sink, chunk);
        return true;
      },
      onComplete() {
        if (settled) return;
        if (sink !== undefined) {
          const streamed: ReceivedResponse = { status, headers, bytes: new Uint8Array(0), text: "" };
          settle({ ok: true, response: streamed, durationMs: elapsed() });
          return;
        }
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
