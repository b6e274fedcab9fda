import { isUtf8 } from "node:buffer";
import type { InboundEnvelope, InboundMode, ParseInboundRequest } from "@adapterkit/contract/adapter";

/** What a platform sent: the request to wrap in a D2 envelope. */
export interface EnvelopeSource {
  credentials?: Record<string, unknown>;
  method?: string;
  /** The request target; a query string in it becomes `query`. Default `/`. */
  url?: string;
  headers?: Record<string, string | readonly string[]>;
  body: string | Uint8Array;
}

/**
 * Wraps a platform request as the service does (D2): header names lower-cased, repeats joined with ", ", the
 * body as text, or base64 with `body_encoding` when it is not UTF-8.
 * @example buildEnvelope({ headers: signed, body: payload, credentials: { signing_secret } });
 */
export function buildEnvelope(source: EnvelopeSource): InboundEnvelope {
  const target = new URL(source.url ?? "/", "http://platform.invalid");
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(target.searchParams.keys())) {
    const values = target.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(source.headers ?? {})) {
    const lower = name.toLowerCase();
    const text = typeof value === "string" ? value : value.join(", ");
    headers[lower] = headers[lower] === undefined ? text : `${headers[lower]}, ${text}`;
  }
  const envelope: InboundEnvelope = {
    credentials: source.credentials ?? {},
    method: (source.method ?? "POST").toUpperCase(),
    path: target.pathname,
    query,
    headers,
    body: typeof source.body === "string" ? source.body : "",
  };
  if (typeof source.body !== "string") {
    const bytes = Buffer.from(source.body.buffer, source.body.byteOffset, source.body.byteLength);
    if (isUtf8(bytes)) envelope.body = bytes.toString("utf8");
    else Object.assign(envelope, { body: bytes.toString("base64"), body_encoding: "base64" });
  }
  return envelope;
}

/** A D2 envelope for `/parse-inbound`, with its mode (default `trigger`). */
export function buildParseInboundRequest(source: EnvelopeSource & { mode?: InboundMode }): ParseInboundRequest {
  return { ...buildEnvelope(source), mode: source.mode ?? "trigger" };
}
