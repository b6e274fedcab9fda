import type { IncomingHttpHeaders } from "node:http";
import type { SERVICE_ENDPOINTS, ServiceEndpointId } from "@adapterkit/contract";
import type { z } from "zod";
import type { CallbackSender } from "../auth/callback-sender.ts";
import type { Principal } from "../auth/principal.ts";

type EndpointOf<K extends ServiceEndpointId> = Extract<(typeof SERVICE_ENDPOINTS)[number], { id: K }>;

/** The body a handler gets: the raw bytes for `*\/*` endpoints, the parsed and validated JSON otherwise. */
export type BodyOf<K extends ServiceEndpointId> =
  EndpointOf<K> extends { request: { contentType: "*/*" } }
    ? Uint8Array | null
    : EndpointOf<K> extends { request: { schema: infer S extends z.ZodType } }
      ? z.output<S>
      : undefined;

/** What a handler sees of a request: typed input, never `req`. */
export interface HandlerInput<B> {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: B;
  /** Set on routes with `auth: "api"`. */
  readonly principal: Principal | undefined;
  readonly idempotencyKey: string | undefined;
  /** Set on routes with `verify`: who signed the request. */
  readonly signer?: CallbackSender | undefined;
  /** The request line and headers as received, for a route that forwards them (the inbound pipeline, D2). */
  readonly request?: { readonly method: string; readonly path: string; readonly headers: IncomingHttpHeaders };
}

/** The request exactly as received, for a route that checks a signature over its bytes. */
export interface RawRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer | null;
}

/** What a handler answers; the HTTP layer renders it. */
export interface HandlerResult {
  readonly status: number;
  /**
   * Rendered as JSON, as text exactly when `contentType` is set and the body is a string, as bytes for a Uint8Array,
   * or sent as read for a StreamedBody.
   */
  readonly body?: unknown;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * One served endpoint: how its caller is authenticated and what handles it. `C` is the part of the service context
 * the route uses (its feature's `*Context`), so a test builds only that.
 */
export interface Route<K extends ServiceEndpointId, C> {
  readonly auth: "api" | "admin" | "none";
  /**
   * D176: true for a route that never changes an installation, its App or credentials. After any other route that
   * may write (anything but an authenticated GET) the listener drops the inbound cache.
   */
  readonly keepsInboundCache?: boolean;
  /** Whether the route honours an `Idempotency-Key` header (D14). */
  readonly idempotent?: boolean;
  /** The per-token rate-limit bucket; API routes use the token's id, undefined means not limited. */
  readonly rateLimitKey?: (input: { params: Readonly<Record<string, string>> }) => string | undefined;
  /** Which limiter `rateLimitKey`'s bucket is in: the per-token one, or an installation's inbound URL's (D525). */
  readonly rateLimitBucket?: "inbound";
  /** Checks what the path names before the body is read (so an unknown resource is a 404, not a 413). */
  readonly admit?: (input: { params: Readonly<Record<string, string>> }, context: C) => Promise<void>;
  /** Checks a signature over the exact bytes before the body is parsed (so 401 comes before 400). */
  readonly verify?: (request: RawRequest, context: C) => Promise<CallbackSender>;
  readonly handler: (input: HandlerInput<BodyOf<K>>, context: C) => Promise<HandlerResult>;
}

/**
 * A feature folder's routes by endpoint id, all taking the feature's context `C`: what its `*-routes.ts` exports
 * (`satisfies FeatureRoutes<TriggersContext>`) and `server/routes.ts` gathers into the route table.
 */
export type FeatureRoutes<C> = { readonly [K in ServiceEndpointId]?: Route<K, C> };

/** The principal of an `auth: "api"` route; the HTTP layer guarantees it is set. */
export function principalOf(input: HandlerInput<unknown>): Principal {
  if (input.principal === undefined) throw new Error("route declared auth: api but no principal was set");
  return input.principal;
}
