import type { IncomingMessage } from "node:http";
import { ServiceError } from "../errors/service-error.ts";

/** D14 and the limits decision: the largest body any endpoint accepts. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// After refusing a body, read and discard up to this much so the client sees the 413 instead of a reset.
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

function tooLarge(limit: number): ServiceError {
  return new ServiceError("payload_too_large", `The body is larger than ${limit} bytes.`, {
    headers: { Connection: "close" },
  });
}

function drain(req: IncomingMessage, alreadyRead: number): void {
  let read = alreadyRead;
  req.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT_BYTES) req.destroy();
  });
  req.resume();
}

/** Reads a request body up to `limit` bytes; null when there is none, a 413 when there is too much. */
export async function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer | null> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    drain(req, 0);
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise<Buffer | null>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.off("end", onEnd);
        drain(req, size);
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(size === 0 ? null : Buffer.concat(chunks, size));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}
