import {
  ADAPTER_ENDPOINTS,
  type AdapterEndpointId,
  type DeliverRequest,
  type FetchFileRequest,
  type FormatRequest,
  type InboundEnvelope,
  type ListChangesRequest,
  type ParseInboundRequest,
  type VerifyRequest,
} from "@adapterkit/contract";
import { Agent, type Dispatcher } from "undici";
import { callEndpoint } from "./call-endpoint.ts";
import type { CallResult, ClientResult, StreamedFile } from "./client-result.ts";
import type { CallOptions, ClientConfig, RequestOptions } from "./request-options.ts";
import { RESPONSE_BYTE_LIMITS } from "./response-limits.ts";
import type { EndpointValues } from "./response-shapes.ts";
import type { BodySink } from "./send-request.ts";
import { signingKey } from "./sign-request.ts";
import { streamFetchFile } from "./stream-fetch-file.ts";

/**
 * The longest a client of adapters keeps an idle connection: this client's own pool, and the service's outbound
 * guard, through which the service calls its adapters. The SDK's servers keep one 65 s, so the side that sends is
 * the side that closes (D627).
 */
export const ADAPTER_CLIENT_IDLE_MS = 4_000;

/** How to reach one adapter and what to send it on every call. */
export interface AdapterClientOptions {
  /** The adapter's base URL; its last path segment is the slug (D1), e.g. `http://localhost:3100/chat`. */
  readonly baseUrl: string;
  /**
   * The adapter's `whsec_…` secret; when set, every endpoint marked `signed` is signed (D9). Several (a secret being
   * rotated, D103) sign with one signature each, so an adapter holding either accepts the call.
   */
  readonly signingSecret?: string | readonly string[];
  readonly organizationId?: string;
  readonly projectId?: string;
  /** Per-endpoint timeouts in ms, overriding the contract's (D11). */
  readonly timeouts?: Partial<Record<AdapterEndpointId, number>>;
  /** Per-endpoint response size limits in bytes, overriding the defaults (8 MiB; fetch-file 64 MiB). */
  readonly maxResponseBytes?: Partial<Record<AdapterEndpointId, number>>;
  /** An undici dispatcher to share; by default the client owns a keep-alive Agent that `close()` closes. */
  readonly dispatcher?: Dispatcher;
}

/** A typed caller of one adapter: one method per contract endpoint, results instead of exceptions. */
export interface AdapterClient {
  readonly baseUrl: string;
  /** The last path segment of the base URL (D1), or null when the adapter is served at the root. */
  readonly slug: string | null;
  readonly timeouts: Readonly<Record<AdapterEndpointId, number>>;
  /** The largest response body each endpoint's calls read, in bytes. */
  readonly maxResponseBytes: Readonly<Record<AdapterEndpointId, number>>;
  manifest(options?: RequestOptions): Promise<ClientResult<EndpointValues["manifest"]>>;
  health(options?: RequestOptions): Promise<ClientResult<EndpointValues["health"]>>;
  verify(request: VerifyRequest, options?: RequestOptions): Promise<ClientResult<EndpointValues["verify"]>>;
  verifyWebhook(
    envelope: InboundEnvelope,
    options?: RequestOptions,
  ): Promise<ClientResult<EndpointValues["verify-webhook"]>>;
  /** In trigger mode a message must carry `event_type`, and is validated so. */
  parseInbound(
    request: ParseInboundRequest,
    options?: RequestOptions,
  ): Promise<ClientResult<EndpointValues["parse-inbound"]>>;
  /**
   * D410: verify and parse in one call, for an adapter whose manifest declares `inbound`; answers the verify
   * refusal or the D4 answer, as `verifyWebhook` then `parseInbound` would.
   */
  inbound(request: ParseInboundRequest, options?: RequestOptions): Promise<ClientResult<EndpointValues["inbound"]>>;
  /** A D5 `{ ok: false }` is a successful call whose value says the platform refused. */
  deliver(request: DeliverRequest, options?: RequestOptions): Promise<ClientResult<EndpointValues["deliver"]>>;
  format(request: FormatRequest, options?: RequestOptions): Promise<ClientResult<EndpointValues["format"]>>;
  listChanges(
    request: ListChangesRequest,
    options?: RequestOptions,
  ): Promise<ClientResult<EndpointValues["list-changes"]>>;
  /** The file's bytes and content type, whichever D7 form the adapter answered with. */
  fetchFile(request: FetchFileRequest, options?: RequestOptions): Promise<ClientResult<EndpointValues["fetch-file"]>>;
  /** `fetchFile` with the bytes handed to `sink` as they arrive instead of held (see `streamFetchFile`). */
  fetchFileTo(request: FetchFileRequest, sink: BodySink, options?: RequestOptions): Promise<ClientResult<StreamedFile>>;
  /** Raw access (a `parse-inbound` body with `mode: "trigger"` is judged by the trigger-mode shape): any body (or `rawBody` text), custom headers, signing control, and the exchange as sent and received. */
  call<Id extends AdapterEndpointId>(
    id: Id,
    body?: unknown,
    options?: CallOptions,
  ): Promise<CallResult<EndpointValues[Id]>>;
  /** Closes the client's own connection pool (a dispatcher passed in is left open). */
  close(): Promise<void>;
}

/**
 * Creates a client for one adapter.
 *
 * @example
 * const chat = createAdapterClient({ baseUrl: "http://localhost:3100/chat", signingSecret: process.env.SECRET });
 * const health = await chat.health();
 * if (!health.ok) console.error(describeFailure(health.error));
 * else if (health.value.status !== "ready") console.error("not ready");
 */
export function createAdapterClient(options: AdapterClientOptions): AdapterClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  for (const secret of [options.signingSecret ?? []].flat()) signingKey(secret);
  // An idle connection is kept 4 s at most, whatever the adapter's `Keep-Alive` allows (D627).
  const ownAgent = options.dispatcher
    ? undefined
    : new Agent({ keepAliveTimeout: ADAPTER_CLIENT_IDLE_MS, keepAliveMaxTimeout: ADAPTER_CLIENT_IDLE_MS });
  const timeouts = Object.fromEntries(
    ADAPTER_ENDPOINTS.map((endpoint) => [endpoint.id, options.timeouts?.[endpoint.id] ?? endpoint.timeoutMs]),
  ) as Record<AdapterEndpointId, number>;
  const maxResponseBytes = { ...RESPONSE_BYTE_LIMITS, ...options.maxResponseBytes };
  for (const [id, limit] of Object.entries(maxResponseBytes)) {
    if (!Number.isSafeInteger(limit) || limit < 0)
      throw new RangeError(`maxResponseBytes.${id} must be a whole number`);
  }
  const config: ClientConfig = {
    baseUrl,
    signingSecret: options.signingSecret,
    organizationId: options.organizationId,
    projectId: options.projectId,
    timeouts,
    maxResponseBytes,
    dispatcher: options.dispatcher ?? (ownAgent as Agent),
  };

  async function typed<Id extends AdapterEndpointId>(
    id: Id,
    body: unknown,
    callOptions: CallOptions = {},
  ): Promise<ClientResult<EndpointValues[Id]>> {
    const { request: _request, response: _response, ...result } = await callEndpoint(config, id, body, callOptions);
    return result as ClientResult<EndpointValues[Id]>;
  }

  return {
    baseUrl,
    slug: new URL(baseUrl).pathname.split("/").filter(Boolean).at(-1) ?? null,
    timeouts,
    maxResponseBytes,
    manifest: (opts) => typed("manifest", undefined, opts),
    health: (opts) => typed("health", undefined, opts),
    verify: (request, opts) => typed("verify", request, opts),
    verifyWebhook: (envelope, opts) => typed("verify-webhook", envelope, opts),
    parseInbound: (request, opts) => typed("parse-inbound", request, opts),
    inbound: (request, opts) => typed("inbound", request, opts),
    deliver: (request, opts) => typed("deliver", request, opts),
    format: (request, opts) => typed("format", request, opts),
    listChanges: (request, opts) => typed("list-changes", request, opts),
    fetchFile: (request, opts) => typed("fetch-file", request, opts),
    fetchFileTo: (request, sink, opts) => streamFetchFile(config, request, sink, opts),
    call: (id, body, opts) => callEndpoint(config, id, body, opts),
    close: async () => {
      await ownAgent?.close();
    },
  };
}

function normalizeBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`adapter base URL must be http or https, got ${url.protocol}`);
  }
  if (url.search || url.hash) throw new TypeError("adapter base URL must not carry a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
