import { Readable } from "node:stream";
import { AdapterHttpError } from "@adapterkit/sdk";
import { type Dispatcher, util } from "undici";
import { isUrlWithin } from "./source-path.ts";
import { toTransportError } from "./webdav-request.ts";
import type { WebdavSettings } from "./webdav-settings.ts";

/** What a GET asks for: the file (its source path and URL, from `urlOf`), the caller's signal, the whole download's deadline. */
export interface WebdavGetRequest {
  readonly path: string;
  readonly url: URL;
  /**
   * The caller's signal. A function is asked for it only once the download has taken {@link WATCH_AFTER_MS}: a
   * signal and its listener cost more than a small file's whole GET, which rarely lasts that long (D304).
   */
  readonly signal?: AbortSignal | (() => AbortSignal) | undefined;
  readonly timeoutMs: number;
  /** A 2xx answer declaring at most this many bytes is read whole and answered as `bytes`; default 0 (never). */
  readonly wholeUpTo?: number;
}

/** How long a download runs before the caller's signal, when given as a function, is watched. */
export const WATCH_AFTER_MS = 1_000;

/** A download's answer: its status and headers, and its body read whole (a small file) or as a Node stream. */
export type WebdavDownload = {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
} & ({ readonly bytes: Buffer; readonly body?: undefined } | { readonly body: Readable; readonly bytes?: undefined });

/**
 * GETs a file through undici's dispatcher with a handler of its own: no `fetch` (D204), and no request object,
 * body stream, async iterator or abort controller for a small file, which is read whole (D301). A larger one, or a
 * file of unknown length, is handed on as a Node stream that reads from the socket as it is read. One timer bounds the
 * whole download, body included (D273). It asks for the bytes as stored (`Accept-Encoding: identity`).
 */
export function webdavGet(settings: WebdavSettings, request: WebdavGetRequest): Promise<WebdavDownload> {
  const { url, timeoutMs } = request;
  if (!isUrlWithin(url, settings.baseUrl)) {
    const message = `${request.path} resolves outside base_url; it is not requested`;
    return Promise.reject(new AdapterHttpError("invalid_request", message));
  }
  return new Promise<WebdavDownload>((resolve, reject) => {
    let ended = false;
    let timedOut = false;
    let abort: ((reason?: Error) => void) | undefined;
    let stop: Error | undefined;
    let body: Readable | undefined;
    let chunks: Buffer[] | undefined;
    let size = 0;
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    let outer: AbortSignal | undefined;
    const release = () => {
      ended = true;
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    };
    // Before the answer the promise fails with the D8 error; after it, the body stream fails with the reason.
    const fail = (reason: Error) => {
      if (ended) return;
      stop ??= reason;
      release();
      abort?.(reason);
      if (body !== undefined) body.destroy(stop);
      else {
        settings.context.log.warn({ host: url.host, reason: stop.message, timedOut }, "outbound connection failed");
        reject(toTransportError(stop));
      }
    };
    const onAbort = () => fail(outer?.reason instanceof Error ? outer.reason : new Error("the caller went away"));
    const watch = (signal: AbortSignal | undefined) => {
      outer = signal;
      if (outer?.aborted) onAbort();
      else outer?.addEventListener("abort", onAbort, { once: true });
    };
    const deadline = () => {
      timedOut = true;
      fail(new DOMException("The download took too long", "TimeoutError") as Error);
    };
    const lazy = typeof request.signal === "function" && timeoutMs > WATCH_AFTER_MS ? request.signal : undefined;
    let timer = setTimeout(
      lazy === undefined
        ? deadline
        : () => {
            if (ended) return;
            timer = setTimeout(deadline, timeoutMs - WATCH_AFTER_MS);
            watch(lazy());
          },
      lazy === undefined ? timeoutMs : WATCH_AFTER_MS,
    );
    if (lazy === undefined) watch(typeof request.signal === "function" ? request.signal() : request.signal);
    const header = (name: string) => {
      const value = headers[name];
      return value === undefined ? null : [value].flat().join(", ");
    };
    const handler: Dispatcher.DispatchHandler = {
      onConnect(abortRequest) {
        abort = abortRequest;
        if (stop !== undefined) abortRequest(stop);
      },
      onHeaders(statusCode, rawHeaders, resume) {
        if (statusCode < 200) return true;
        status = statusCode;
        headers = util.parseHeaders(rawHeaders as unknown as Buffer[]);
        const declared = Number(header("content-length") ?? Number.NaN);
        if (statusCode <= 299 && declared <= (request.wholeUpTo ?? 0)) {
          chunks = [];
          return true;
        }
        body = new Readable({
          read: () => resume(),
          destroy: (error, done) => {
            if (!ended) fail(error ?? new Error("the body was not read to its end"));
            done(error);
          },
        });
        // A body nobody reads any more is destroyed with an error; the caller has moved on by then.
        body.on("error", () => {});
        resolve({ status, headers: { get: header }, body });
        return true;
      },
      onData(chunk) {
        size += chunk.length;
        if (chunks !== undefined) {
          chunks.push(chunk);
          return true;
        }
        return body?.push(chunk) ?? true;
      },
      onComplete() {
        if (ended) return;
        release();
        if (body !== undefined) body.push(null);
        else resolve({ status, headers: { get: header }, bytes: Buffer.concat(chunks ?? [], size) });
      },
      onError(error) {
        fail(stop ?? error);
      },
    };
    try {
      // The handler's guarded dispatcher (architecture.md#a18): base_url is tenant data.
      settings.context.outbound.dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: "GET",
          headers: { authorization: settings.authorization, "accept-encoding": "identity" },
          // The timer above is the one deadline.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        handler,
      );
    } catch (error) {
      fail(error as Error);
    }
  });
}
