import type { AdapterEndpointId, AdapterShapeName } from "@adapterkit/contract";
import type { Dispatcher } from "undici";

/** Per-call settings every client method accepts. */
export interface RequestOptions {
  /** Sent as `X-Request-Id`; a fresh UUID when absent. */
  readonly requestId?: string;
  /** Overrides the client's organization for this call (one client can serve many organizations). */
  readonly organizationId?: string;
  readonly projectId?: string;
  /** Overrides the endpoint's timeout for this call. */
  readonly timeoutMs?: number;
  /** Overrides the endpoint's response size limit (bytes) for this call. */
  readonly maxResponseBytes?: number;
  /** Extra headers, applied last; `null` removes a header the client would send. */
  readonly headers?: Readonly<Record<string, string | null>>;
}

/** Signing overrides for `call()`: `false` sends no signature; an object signs even an unsigned endpoint. */
export type SignatureOption =
  | false
  | { readonly secret?: string; readonly id?: string; readonly timestampSeconds?: number };

/** Settings of the raw `call()`, for callers such as the conformance runner that need to misbehave on purpose. */
export interface CallOptions extends RequestOptions {
  /** Sent exactly as given (and signed as given) instead of the JSON of `body`. */
  readonly rawBody?: string;
  readonly signature?: SignatureOption;
  /** Validate a 2xx body against this shape instead of the endpoint's own. */
  readonly responseShape?: AdapterShapeName;
}

/** The resolved settings of one client. */
export interface ClientConfig {
  readonly baseUrl: string;
  readonly signingSecret: string | readonly string[] | undefined;
  readonly organizationId: string | undefined;
  readonly projectId: string | undefined;
  readonly timeouts: Readonly<Record<AdapterEndpointId, number>>;
  readonly maxResponseBytes: Readonly<Record<AdapterEndpointId, number>>;
  readonly dispatcher: Dispatcher;
}
