import type { InboundEnvelope } from "@adapterkit/contract";
import type { RenderedRequest } from "../../context.ts";

/** The D2 envelope of a rendered request: its exact body, lower-cased headers with the signature merged in. */
export function toEnvelope(
  request: RenderedRequest,
  credentials: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string>>,
): InboundEnvelope {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) merged[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value;
  return {
    credentials: { ...credentials },
    method: request.method,
    path: request.path,
    query: { ...(request.query as Record<string, string | string[]>) },
    headers: merged,
    body: request.body,
    ...(request.body_encoding === undefined ? {} : { body_encoding: request.body_encoding }),
  };
}
