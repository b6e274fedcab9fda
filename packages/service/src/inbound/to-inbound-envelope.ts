import type { IncomingHttpHeaders } from "node:http";
import type { Credentials, InboundEnvelope } from "@adapterkit/contract";

/** The platform's request as the service received it. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Uint8Array | null;
}

/** The body as text when it is valid UTF-8, else base64 (D2); a leading BOM is kept, since it was signed too. */
function encodeBody(body: Uint8Array | null): Pick<InboundEnvelope, "body" | "body_encoding"> {
  if (body === null || body.length === 0) return { body: "" };
  try {
    return { body: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body) };
  } catch {
    return { body: Buffer.from(body).toString("base64"), body_encoding: "base64" };
  }
}

/**
 * D2: the raw inbound envelope of `/verify-webhook` and `/parse-inbound`: header names lower-cased, repeated headers
 * joined with ", ", repeated query parameters as a list, and the body's exact bytes, so the adapter checks the
 * platform's signature over what the platform signed.
 */
export function toInboundEnvelope(request: ReceivedRequest, credentials: Credentials): InboundEnvelope {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(request.query.keys())) {
    const values = request.query.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return { credentials, method: request.method, path: request.path, query, headers, ...encodeBody(request.body) };
}
