import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type EndpointDef,
  exceedsJsonDepth,
  MAX_JSON_DEPTH,
  SERVICE_ENDPOINTS,
  type ServiceEndpointId,
} from "@adapterkit/contract";
import type { z } from "zod";
import { authenticateAdmin } from "../auth/authenticate-admin.ts";
import { authenticateApiToken } from "../auth/authenticate-api-token.ts";
import type { Principal } from "../auth/principal.ts";
import { invalidRequest } from "../errors/describe-issues.ts";
import { isServiceError, ServiceError } from "../errors/service-error.ts";
import { hasDotSegment } from "../http/has-dot-segment.ts";
import { matchRoute } from "../http/match-route.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import { BODY_LIMIT_BYTES, readBody } from "../http/read-body.ts";
import { refuseUnknownQuery } from "../http/refuse-unknown-query.ts";
import type { HandlerInput, Route } from "../http/route.ts";
import { sendJson, sendProblem, sendStream, sendText } from "../http/send.ts";
import { StreamedBody } from "../http/streamed-body.ts";
import { handlePortalRequest, isPortalPath } from "../portal/handle-portal-request.ts";
import type { ServiceContext } from "../service-context.ts";
import { readIdempotencyKey } from "../triggers/idempotency.ts";
import type { RouteTable } from "./routes.ts";

const ENDPOINTS = new Map<ServiceEndpointId, EndpointDef>(SERVICE_ENDPOINTS.map((endpoint) => [endpoint.id, endpoint]));

/** What the listener needs beyond the handlers' context. */
export interface ListenerOptions {
  readonly routes: RouteTable;
  readonly rateLimiter: RateLimiter | undefined;
  /** D525: the limit of routes whose bucket is an installation's inbound URL (`rateLimitBucket: "inbound"`). */
  readonly inboundRateLimiter?: RateLimiter | undefined;
  readonly bodyLimitBytes?: number | undefined;
}

// Paths are logged without secrets: a matched route logs its pattern; an unmatched one masks long segments.
function loggablePath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (segment.length >= 20 ? ":redacted" : segment))
    .join("/")
    .slice(0, 200);
}

function parseJson(raw: Buffer | null, schema: z.ZodType): unknown {
  let value: unknown;
  if (raw !== null) {
    try {
      value = JSON.parse(raw.toString("utf8"));
    } catch (error) {
      const reason = error instanceof Error ? error.message : "parse error";
      const message = `body: not valid JSON (${reason})`;
      throw new ServiceError("invalid_request", message, { errors: [{ path: "", message }] });
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest(parsed.error.issues);
  return parsed.data;
}

/** The node:http listener: match → authenticate → rate-limit → read and validate the body → handler → render. */
export function createRequestListener(context: ServiceContext, options: ListenerOptions) {
  const bodyLimit = options.bodyLimitBytes ?? BODY_LIMIT_BYTES;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    log: Record<string, unknown>,
    requestId: string,
  ): Promise<void> {
    if (hasDotSegment(req.url ?? "/")) {
      log.route = "(dot segments)";
      const message = "path: dot segments (. and ..) are not allowed";
      throw new ServiceError("invalid_request", message, { errors: [{ path: "", message }] });
    }
    const url = new URL(req.url ?? "/", "http://service.invalid");
    if (isPortalPath(url.pathname)) {
      log.route = `portal ${loggablePath(url.pathname)}`;
      await handlePortalRequest(context, req, res, url);
      return;
    }
    const match = matchRoute(req.method ?? "GET", url.pathname);
    if (match.kind === "wrong-method") {
      log.route = loggablePath(url.pathname);
      throw new ServiceError("method_not_allowed", `Use ${match.allow.join(" or ")} on this path.`, {
        headers: { Allow: match.allow.join(", ") },
      });
    }
    const route =
      match.kind === "found" ? (options.routes[match.id] as Route<ServiceEndpointId, ServiceContext> | null) : null;
    const endpoint = match.kind === "found" ? ENDPOINTS.get(match.id) : undefined;
    if (match.kind !== "found" || route === null || endpoint === undefined) {
      log.route = loggablePath(url.pathname);
      throw new ServiceError("not_found", `No endpoint ${req.method} ${loggablePath(url.pathname)}.`);
    }
    log.route = `${endpoint.method} ${endpoint.path}`;
    let principal: Principal | undefined;
    if (route.auth === "api") {
      principal = await authenticateApiToken(context.store.db, req.headers.authorization);
      log.tokenId = principal.tokenId;
    }
    if (route.auth === "admin") authenticateAdmin(context.adminToken, req.headers.authorization);
    const bucket =
      principal !== undefined ? `api:${principal.tokenId}` : route.rateLimitKey?.({ params: match.params });
    const limiter = route.rateLimitBucket === "inbound" ? options.inboundRateLimiter : options.rateLimiter;
    const decision = bucket === undefined ? undefined : limiter?.take(bucket);
    if (decision !== undefined && !decision.ok) {
      throw new ServiceError("rate_limited", `Rate limit exceeded; retry after ${decision.retryAfterSeconds} s.`, {
        headers: { "Retry-After": String(decision.retryAfterSeconds) },
      });
    }
    refuseUnknownQuery(endpoint, url.searchParams);
    let body: unknown;
    let signer: HandlerInput<unknown>["signer"];
    const { request } = endpoint;
    if (route.admit !== undefined) await route.admit({ params: match.params }, context);
    if (request !== undefined) {
      const raw = await readBody(req, bodyLimit);
      if (route.verify !== undefined) signer = await route.verify({ headers: req.headers, body: raw }, context);
      // D105: the one depth bound for every body, before anything recurses over it (zod, JSON.stringify).
      if (raw !== null && exceedsJsonDepth(raw)) {
        throw new ServiceError("payload_too_large", `The body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
      }
      body = request.contentType === "*/*" ? raw : parseJson(raw, request.schema);
    } else {
      req.resume();
    }
    const idempotencyKey = route.idempotent
      ? readIdempotencyKey(headerValue(req.headers["idempotency-key"]))
      : undefined;
    const input: HandlerInput<unknown> = {
      params: match.params,
      query: url.searchParams,
      body,
      principal,
      idempotencyKey,
      signer,
      request: { method: req.method ?? "GET", path: url.pathname, headers: req.headers },
    };
    let result: Awaited<ReturnType<typeof route.handler>>;
    try {
      result = await route.handler(input as HandlerInput<never>, context);
    } finally {
      // D176: whatever this request changed (committed by now) is read afresh by the next inbound event.
      if (mayChangeInstallations(route, req.method)) context.inboundCache.forget();
    }
    if (result.body instanceof StreamedBody) {
      await sendStream(res, result.status, result.body, { requestId, headers: result.headers });
      return;
    }
    if (result.contentType !== undefined && typeof result.body === "string") {
      sendText(res, result.status, result.body, {
        requestId,
        headers: result.headers,
        contentType: result.contentType,
      });
      return;
    }
    sendJson(res, result.status, result.body, { requestId, headers: result.headers });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    const log: Record<string, unknown> = { reqId: requestId, method: req.method };
    // Request lines are info; below that level the listener is not even registered (the hook path's hot loop).
    if (context.logger.isLevelEnabled("info")) {
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        context.logger.info({ ...log, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
      });
    }
    handle(req, res, log, requestId).catch((error: unknown) => {
      if (res.headersSent) {
        // A streamed body failed midway: its connection is cut (sendStream), there is no answer left to give.
        context.logger.warn({ err: error, reqId: requestId, route: log.route }, "an answer was cut off midway");
        res.destroy();
        return;
      }
      if (isServiceError(error)) {
        sendProblem(res, error.code, error.message, { errors: error.errors, headers: error.headers, requestId });
        return;
      }
      if (clientWentAway(req, error)) {
        // The client's doing, not ours: nobody is left to answer.
        context.logger.debug({ reqId: requestId, route: log.route }, "client went away mid-request");
        return;
      }
      context.logger.error({ err: error, reqId: requestId, route: log.route }, "unhandled error");
      const detail = `Something went wrong on our side; quote request id ${requestId}.`;
      sendProblem(res, "internal_error", detail, { requestId });
    });
  };
}

// A body cut off by the client: Node reports it as an "aborted" ECONNRESET on the request.
function clientWentAway(req: IncomingMessage, error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ECONNRESET" && !req.complete;
}

// Reads through a token change nothing; an unauthenticated GET may (the OAuth callback stores tokens).
function mayChangeInstallations(route: Route<ServiceEndpointId, ServiceContext>, method: string | undefined): boolean {
  if (route.keepsInboundCache === true) return false;
  return !((method === "GET" || method === "HEAD") && route.auth !== "none");
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}
