import type { IncomingMessage } from "node:http";
import { ServiceError } from "../errors/service-error.ts";

/** D14 and the limits decision: the largest body any endpoint accepts. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// A refused body is still read, and thrown away, up to this much, so that the 413 is written after the client has
// finished sending: written while it still sends, the answer can reach it as a reset connection instead.
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

function tooLarge(limit: number): ServiceError {
  return new ServiceError("payload_too_large", `The body is larger than ${limit} bytes.`, {
    headers: { Connection: "close" },
  });
}

/** Reads and drops the rest of a refused body, then fails with the 413 (at once past DRAIN_LIMIT_BYTES). */
function refuseAfterDrain(req: IncomingMessage, limit: number, alreadyRead: number): Promise<never> {
  return new Promise((_resolve, reject) => {
    let read = alreadyRead;
    const refuse = () => {
      req.off("data", onData);
      reject(tooLarge(limit));
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) refuse();
    };
    req.on("data", onData);
    req.once("end", refuse);
    req.once("error", refuse);
    req.resume();
  });
}

/** Reads a request body up to `limit` bytes; null when there is none, a 413 when there is too much. */
export async function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer | null> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return refuseAfterDrain(req, limit, 0);
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise<Buffer | null>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.off("end", onEnd);
        refuseAfterDrain(req, limit, size).catch(reject);
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
