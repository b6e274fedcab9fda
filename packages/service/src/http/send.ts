import type { ServerResponse } from "node:http";
import { PROBLEM_CONTENT_TYPE, type ServiceErrorCode, toProblem } from "@adapterkit/contract";
import type { ServiceError } from "../errors/service-error.ts";

const COMMON_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/** Writes a JSON answer (or an empty one for 204). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
  contentType = "application/json; charset=utf-8",
): void {
  if (res.headersSent) return;
  if (body === undefined || status === 204) {
    res.writeHead(status, { ...COMMON_HEADERS, ...headers });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Writes a problem+json answer (D12) for a code and detail. */
export function sendProblem(
  res: ServerResponse,
  code: ServiceErrorCode,
  detail: string,
  options: { errors?: ServiceError["errors"]; headers?: Readonly<Record<string, string>> } = {},
): void {
  const { status, body } = toProblem(code, detail, options.errors === undefined ? {} : { errors: options.errors });
  sendJson(res, status, body, options.headers ?? {}, PROBLEM_CONTENT_TYPE);
}
