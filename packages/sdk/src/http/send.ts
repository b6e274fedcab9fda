import type { ServerResponse } from "node:http";
import type { ErrorResponse } from "../errors/to-error-response.ts";

/** The Content-Type of every JSON answer. */
export const JSON_TYPE = "application/json; charset=utf-8";

/** Writes a JSON body with its length, unless the caller has already gone away. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  sendText(res, status, JSON.stringify(body), JSON_TYPE, headers);
}

/** Writes a text or byte body with its type and length, unless the caller has already gone away. */
export function sendText(
  res: ServerResponse,
  status: number,
  body: string | Uint8Array,
  contentType: string,
  headers?: Record<string, string>,
): void {
  if (res.headersSent || res.destroyed) return;
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  const fixed = { "content-type": contentType, "content-length": length };
  res.writeHead(status, headers === undefined ? fixed : { ...headers, ...fixed });
  res.end(body);
}

/** Writes a D8 error. */
export function sendError(res: ServerResponse, error: ErrorResponse): void {
  sendJson(res, error.status, error.body, error.headers);
}
