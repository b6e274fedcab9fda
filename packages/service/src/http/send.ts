import type { ServerResponse } from "node:http";
import { PROBLEM_CONTENT_TYPE, type ServiceErrorCode, toProblem } from "@adapterkit/contract";
import type { ServiceError } from "../errors/service-error.ts";
import type { StreamedBody } from "./streamed-body.ts";

const COMMON_HEADERS = ["Cache-Control", "no-store", "X-Content-Type-Options", "nosniff"] as const;

// Headers go to writeHead as one flat [name, value, …] list: node:http then skips the per-header bookkeeping of
// setHeader and of header objects, which on the hook path cost about as much as a SQLite statement.
function headerList(
  requestId: string | undefined,
  extra: Readonly<Record<string, string>>,
  content?: { type: string; length: number },
): string[] {
  const list: string[] = [...COMMON_HEADERS];
  if (requestId !== undefined) list.push("X-Request-Id", requestId);
  if (content !== undefined) list.push("Content-Type", content.type, "Content-Length", String(content.length));
  for (const name in extra) {
    const value = extra[name];
    if (value !== undefined) list.push(name, value);
  }
  return list;
}

/** How to answer: the request id every answer carries, and headers of the route or error. */
export interface SendOptions {
  readonly requestId?: string | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly contentType?: string | undefined;
}

/** Writes a JSON answer, raw bytes for a Uint8Array body (its type in the headers), or an empty one for 204. */
export function sendJson(res: ServerResponse, status: number, body: unknown, options: SendOptions = {}): void {
  if (res.headersSent) return;
  const headers = options.headers ?? {};
  if (body === undefined || status === 204) {
    res.writeHead(status, headerList(options.requestId, headers));
    res.end();
    return;
  }
  if (body instanceof Uint8Array) {
    const { "content-type": type = "application/octet-stream", ...rest } = headers;
    res.writeHead(status, headerList(options.requestId, rest, { type, length: body.byteLength }));
    res.end(body);
    return;
  }
  const text = JSON.stringify(body);
  const type = options.contentType ?? "application/json; charset=utf-8";
  res.writeHead(status, headerList(options.requestId, headers, { type, length: Buffer.byteLength(text) }));
  res.end(text);
}

/** Resolves once the response takes more (drain) or can take nothing more (close), leaving no listener behind. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * Writes a body as its chunks arrive, waiting for the client to take each one (back-pressure); the type comes from
 * the headers. A body that ends short of or runs over its length, or whose chunks fail, cuts the connection.
 */
export async function sendStream(
  res: ServerResponse,
  status: number,
  body: StreamedBody,
  options: SendOptions = {},
): Promise<void> {
  const { "content-type": type = "application/octet-stream", ...rest } = options.headers ?? {};
  res.writeHead(status, headerList(options.requestId, rest, { type, length: body.length }));
  let sent = 0;
  try {
    for await (const chunk of body.chunks) {
      sent += chunk.byteLength;
      if (sent > body.length) throw new Error(`the body ran over its ${body.length} bytes`);
      // A client gone away: stop reading (the loop's return closes the chunks' source).
      if (res.destroyed) return;
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    if (sent !== body.length) throw new Error(`the body ended at ${sent} of its ${body.length} bytes`);
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  res.end();
}

/** Writes a text answer exactly as given, with the content type given. */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  options: SendOptions & { contentType: string },
): void {
  if (res.headersSent) return;
  const content = { type: options.contentType, length: Buffer.byteLength(text) };
  res.writeHead(status, headerList(options.requestId, options.headers ?? {}, content));
  res.end(text);
}

/** Writes a problem+json answer (D12) for a code and detail. */
export function sendProblem(
  res: ServerResponse,
  code: ServiceErrorCode,
  detail: string,
  options: { errors?: ServiceError["errors"]; headers?: Readonly<Record<string, string>>; requestId?: string } = {},
): void {
  const { status, body } = toProblem(code, detail, options.errors === undefined ? {} : { errors: options.errors });
  sendJson(res, status, body, {
    requestId: options.requestId,
    headers: options.headers,
    contentType: PROBLEM_CONTENT_TYPE,
  });
}
