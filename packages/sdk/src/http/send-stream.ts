import type { ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { FileStream } from "../define/handler-types.ts";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";

/** Largest streamed `/sources/fetch-file` answer unless the handler sets `maxBytes`: 50 MiB. */
export const DEFAULT_FILE_LIMIT = 50 * 1024 * 1024;

/** A stream read chunk by chunk, and a way to stop it that also ends a read in progress. */
interface Source {
  next(): Promise<IteratorResult<Uint8Array | string>>;
  stop(): Promise<void>;
}

const GONE = Symbol("the caller went away");

/**
 * Pipes a streamed file to the answer (see {@link FileStream}). Until the first byte is written a failure throws,
 * so the caller renders a D8 error (413 for a file over the limit); after it, the connection is cut and the reason
 * logged, since a status already sent cannot be taken back. When the caller goes away the source is stopped.
 */
export async function sendStream(res: ServerResponse, file: FileStream, log: () => Logger): Promise<void> {
  const limit = file.maxBytes ?? DEFAULT_FILE_LIMIT;
  const declared = file.contentLength;
  const source = sourceOf(file.stream);
  const gone = new Promise<typeof GONE>((resolve) => {
    if (res.destroyed) resolve(GONE);
    res.once("close", () => resolve(GONE));
  });
  const headers: Record<string, string | number> = { "content-type": file.contentType || "application/octet-stream" };
  if (declared !== undefined) headers["content-length"] = declared;
  let sent = 0;
  try {
    if (declared !== undefined && declared > limit) throw tooLarge(`is ${declared} bytes`, limit);
    for (;;) {
      const next = await Promise.race([source.next(), gone]);
      if (next === GONE) throw next;
      if (next.done) break;
      const chunk = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
      sent += chunk.byteLength;
      if (sent > limit) throw tooLarge("grew past the limit while streaming", limit);
      if (declared !== undefined && sent > declared) throw new Error(`the stream ran past its ${declared} bytes`);
      if (!res.headersSent) res.writeHead(200, headers);
      if (!res.write(chunk)) await Promise.race([new Promise((resolve) => res.once("drain", resolve)), gone]);
    }
    if (declared !== undefined && sent < declared)
      throw new Error(`the stream ended after ${sent} of ${declared} bytes`);
    if (!res.headersSent) res.writeHead(200, headers);
    res.end();
  } catch (error) {
    await source.stop();
    if (error === GONE || res.destroyed) {
      log().info({ bytesSent: sent }, "the caller went away during a file stream; the source was stopped");
      return;
    }
    if (!res.headersSent) throw error;
    log().warn({ err: error, bytesSent: sent }, "a file stream failed after its answer began; the connection was cut");
    res.destroy();
  }
}

/** Reads a web ReadableStream through its reader (cancel ends a pending read), anything else as an iterator. */
function sourceOf(stream: AsyncIterable<Uint8Array | string>): Source {
  const web = stream as Partial<ReadableStream<Uint8Array>>;
  if (typeof web.getReader === "function") {
    const reader = web.getReader();
    return { next: () => reader.read() as Promise<IteratorResult<Uint8Array>>, stop: () => ignore(reader.cancel()) };
  }
  const iterator = stream[Symbol.asyncIterator]();
  const node = stream as { destroy?: () => void };
  return {
    next: () => iterator.next(),
    // A Node Readable ends a pending read when destroyed; a plain iterator can only be asked to return.
    stop: async () => {
      if (typeof node.destroy === "function") node.destroy();
      else await ignore(iterator.return?.());
    },
  };
}

function ignore(settling: Promise<unknown> | undefined): Promise<void> {
  return Promise.resolve(settling).then(
    () => undefined,
    () => undefined,
  );
}

function tooLarge(how: string, limit: number): AdapterHttpError {
  return new AdapterHttpError(
    "payload_too_large",
    `The file ${how}, over the ${limit}-byte limit of a fetch-file answer.`,
  );
}
