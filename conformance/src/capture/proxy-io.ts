import type { IncomingMessage, ServerResponse } from "node:http";

/** Larger requests are refused: an envelope carries at most the service's 1 MiB inbound body, base64-grown. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A request's whole body, or `undefined` once it passes {@link MAX_BODY_BYTES}. */
export async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A D8-shaped JSON error, unless an answer has already started. */
export function sendError(res: ServerResponse, status: number, code: string, error: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ ok: false, error, code }));
}
