import { randomUUID } from "node:crypto";
import { type AdapterEndpointDef, CONTEXT_HEADERS } from "@adapterkit/contract";
import type { CallOptions, ClientConfig } from "./request-options.ts";
import { signRequest } from "./sign-request.ts";

/**
 * The headers of one adapter call: JSON content type, context headers (contract.md#context-headers), D9 signature,
 * extras.
 */
export function buildRequestHeaders(
  config: ClientConfig,
  endpoint: AdapterEndpointDef,
  body: string | undefined,
  options: CallOptions,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const organizationId = options.organizationId ?? config.organizationId;
  const projectId = options.projectId ?? config.projectId;
  if (organizationId !== undefined) headers[CONTEXT_HEADERS.organizationId] = organizationId;
  if (projectId !== undefined) headers[CONTEXT_HEADERS.projectId] = projectId;
  headers[CONTEXT_HEADERS.requestId] = options.requestId ?? randomUUID();

  const signature = options.signature;
  const secret = (signature ? signature.secret : undefined) ?? config.signingSecret;
  const wanted = signature === undefined ? endpoint.signed : signature !== false;
  if (wanted && secret !== undefined) {
    const overrides = signature ? signature : {};
    Object.assign(headers, signRequest({ ...overrides, secret, body: body ?? "" }));
  }

  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  return headers;
}
