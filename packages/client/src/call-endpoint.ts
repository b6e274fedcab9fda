import { type AdapterEndpointId, type AdapterShapeName, adapterEndpoint } from "@adapterkit/contract";
import { buildRequestHeaders } from "./build-request-headers.ts";
import type { CallResult, ClientResult, SentRequest } from "./client-result.ts";
import { readFetchFile } from "./read-fetch-file.ts";
import { readResponse } from "./read-response.ts";
import type { CallOptions, ClientConfig } from "./request-options.ts";
import {
  type EndpointValues,
  RESPONSE_SHAPES,
  TRIGGER_MODE_INBOUND_SHAPE,
  TRIGGER_MODE_RESPONSE_SHAPE,
} from "./response-shapes.ts";
import { type SendOptions, sendRequest } from "./send-request.ts";

/**
 * Calls one adapter endpoint and judges the answer against the contract; never throws for adapter behaviour.
 * `sinkFor` streams a body instead of reading it (see `sendRequest`).
 */
export async function callEndpoint<Id extends AdapterEndpointId>(
  config: ClientConfig,
  id: Id,
  body: unknown,
  options: CallOptions = {},
  sinkFor?: SendOptions["sinkFor"],
): Promise<CallResult<EndpointValues[Id]>> {
  const endpoint = adapterEndpoint(id);
  const payload =
    options.rawBody ?? (endpoint.method === "GET" || body === undefined ? undefined : JSON.stringify(body));
  const request: SentRequest = {
    method: endpoint.method,
    url: `${config.baseUrl}${endpoint.path}`,
    headers: buildRequestHeaders(config, endpoint, payload, options),
    body: payload,
  };
  const timeoutMs = options.timeoutMs ?? config.timeouts[id];
  const maxResponseBytes = options.maxResponseBytes ?? config.maxResponseBytes[id];
  const sent = await sendRequest(request, { timeoutMs, maxResponseBytes, dispatcher: config.dispatcher, sinkFor });
  if (!sent.ok) return { ok: false, error: sent.failure, durationMs: sent.durationMs, request, response: null };

  const result: ClientResult<unknown> =
    id === "fetch-file" && options.responseShape === undefined
      ? readFetchFile(sent.response, sent.durationMs)
      : readResponse(sent.response, options.responseShape ?? responseShapeFor(id, body), sent.durationMs);
  return { ...(result as ClientResult<EndpointValues[Id]>), request, response: sent.response };
}

// contract.md#inbound-modes: in trigger mode a parsed message must carry event_type, so the request's mode picks the
// response shape.
function responseShapeFor(id: AdapterEndpointId, body: unknown): AdapterShapeName {
  const trigger = typeof body === "object" && body !== null && "mode" in body && body.mode === "trigger";
  if (trigger && id === "parse-inbound") return TRIGGER_MODE_RESPONSE_SHAPE;
  if (trigger && id === "inbound") return TRIGGER_MODE_INBOUND_SHAPE;
  return RESPONSE_SHAPES[id];
}
