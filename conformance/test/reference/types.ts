import type { AdapterEndpointId } from "@adapterkit/contract";

/** A request as the reference adapter saw it, after the mount prefix is stripped. */
export interface ReferenceRequest {
  readonly method: string;
  /** Path below the mount, e.g. `/verify`. */
  readonly path: string;
  /** Lower-cased names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  readonly json: unknown;
  /** `fetch` under an outbound guard (architecture.md#a18), for calls to a URL the credentials name. */
  readonly guardedFetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/** What a handler answers: a JSON body, or raw text with its own headers. */
export interface ReferenceResponse {
  readonly status: number;
  readonly body?: unknown;
  /** Sent as is instead of the JSON of `body`. */
  readonly rawBody?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A route handler of the reference adapter. */
export type ReferenceHandler = (request: ReferenceRequest) => Promise<ReferenceResponse> | ReferenceResponse;

/**
 * Replaces one route of the reference adapter. `reference()` runs the correct handler (on another request when
 * given one), so an override can also distort a correct answer; returning undefined falls back to the correct answer.
 */
export type ReferenceOverride = (
  request: ReferenceRequest,
  reference: (request?: ReferenceRequest) => Promise<ReferenceResponse>,
) => Promise<ReferenceResponse | undefined> | ReferenceResponse | undefined;

/** Route keys an override can replace: every endpoint plus any route the adapter does not serve. */
export type ReferenceRoute = AdapterEndpointId | "unknown-route";

/** A JSON answer. */
export function json(status: number, body: unknown): ReferenceResponse {
  return { status, body };
}

/** A D8 error answer. */
export function adapterError(
  status: number,
  code: string,
  error: string,
  extra: Record<string, unknown> = {},
): ReferenceResponse {
  return { status, body: { ok: false, error, code, ...extra } };
}
