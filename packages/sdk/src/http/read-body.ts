import type { IncomingMessage } from "node:http";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";

/** D8/our default: the largest request body an adapter reads, 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const tooLarge = (limit: number) =>
  new AdapterHttpError("payload_too_large", `The request body is larger than the ${limit}-byte limit.`);

// A refused body is still read, and thrown away, up to this much, so that the 413 is written after the caller has
// finished sending: written while it still sends, the answer can reach it as a reset connection instead.
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** Reads and drops the rest of a refused body, then fails with the 413 (at once past DRAIN_LIMIT). */
function refuseAfterDrain(req: IncomingMessage, limit: number, alreadyRead: number): Promise<Buffer> {
  return new Promise((_resolve, reject) => {
    let read = alreadyRead;
    const refuse = () => {
      req.off("data", onData);
      reject(tooLarge(limit));
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT) refuse();
    };
    req.on("data", onData);
    req.once("end", refuse);
    req.once("error", refuse);
    req.resume();
  });
}

/**
 * Reads the raw request body, refusing one over `limit` bytes (by its Content-Length before reading, or as it
 * streams in); the bytes are kept exactly so signatures can be checked over them.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return refuseAfterDrain(req, limit, 0);
  if (req.readableEnded) return Promise.resolve(consumedBody(req));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off("data", onData);
      req.off("end", onEnd);
      refuseAfterDrain(req, limit, size).catch(reject);
    };
    const onEnd = () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    // `on`, not `once`: each fires at most once here, and `once` wraps every listener in two more objects.
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}

/** A body someone else already read (an Express body parser) is usable only if they kept the raw bytes. */
function consumedBody(req: IncomingMessage & { rawBody?: unknown }): Buffer {
  if (Buffer.isBuffer(req.rawBody)) return req.rawBody;
  if (typeof req.rawBody === "string") return Buffer.from(req.rawBody, "utf8");
  throw new AdapterHttpError(
    "internal_error",
    "The request body was read before the adapter saw it; mount the adapter before any body parser.",
  );
}
