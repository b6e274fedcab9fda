import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createOutbound } from "@adapterkit/sdk";
import { deliverOnce, format } from "./reference/deliver.ts";
import { combinedInbound, parseInbound, standardWebhookProblem, verifyWebhook } from "./reference/inbound.ts";
import { REFERENCE_HEALTH, REFERENCE_MANIFEST, REFERENCE_SLUG } from "./reference/manifest.ts";
import { fetchFile, listChanges } from "./reference/sources.ts";
import {
  adapterError,
  json,
  type ReferenceHandler,
  type ReferenceOverride,
  type ReferenceRequest,
  type ReferenceResponse,
  type ReferenceRoute,
} from "./reference/types.ts";
import { verify } from "./reference/verify.ts";

/** How to start the reference adapter, or a broken variant of it (the reference plus one fault). */
export interface ReferenceAdapterOptions {
  /** Replaces (or distorts) one route's answer. */
  readonly overrides?: Partial<Record<ReferenceRoute, ReferenceOverride>>;
  /** Shallow-merged into the manifest; an `undefined` value removes the field. */
  readonly manifestPatch?: Readonly<Record<string, unknown>>;
  /** Shallow-merged into the health answer; an `undefined` value removes the field. */
  readonly healthPatch?: Readonly<Record<string, unknown>>;
  /** Mount path segment; default `reference`. */
  readonly mount?: string;
  /** D9: when set, every POST must carry a valid Standard Webhooks signature under this secret. */
  readonly signingSecret?: string | undefined;
  /** Replaces the D9 check of the service's signature (a broken variant's faulty verifier); default the correct one. */
  readonly serviceSignatureProblem?: (
    secret: string,
    headers: Record<string, string>,
    body: Buffer,
  ) => string | undefined;
  /** A broken variant: the limit applies to what Content-Length declares, so a chunked body is read without end. */
  readonly limitDeclaredLengthOnly?: boolean;
  /** Largest body read before answering 413; default 1 MiB. */
  readonly bodyLimitBytes?: number;
  /**
   * Hosts its verify may reach although loopback (architecture.md#a18); default `127.0.0.1`, where the runner's
   * stand-in platform listens on a port of its own choosing.
   */
  readonly allowedHosts?: readonly string[];
}

/** A running reference adapter. */
export interface RunningAdapter {
  /** Base URL including the mount, e.g. `http://127.0.0.1:40123/reference`. */
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

const ROUTES: Record<string, { id: ReferenceRoute; handler: ReferenceHandler }> = {
  "GET /manifest.json": { id: "manifest", handler: () => json(200, REFERENCE_MANIFEST) },
  "GET /health": { id: "health", handler: () => json(200, REFERENCE_HEALTH) },
  "POST /verify": { id: "verify", handler: verify },
  "POST /verify-webhook": { id: "verify-webhook", handler: verifyWebhook },
  "POST /parse-inbound": { id: "parse-inbound", handler: parseInbound },
  "POST /inbound": { id: "inbound", handler: combinedInbound },
  "POST /deliver": { id: "deliver", handler: (request) => deliverOnce(request) },
  "POST /format": { id: "format", handler: format },
  "POST /sources/list-changes": { id: "list-changes", handler: listChanges },
  "POST /sources/fetch-file": { id: "fetch-file", handler: fetchFile },
};

const notFound: ReferenceHandler = () => adapterError(404, "not_found", "no such route");

/**
 * Starts a correct adapter on plain `node:http` (not on the SDK: the runner must judge any implementation).
 * @example const adapter = await startReferenceAdapter(); // adapter.url ends in /reference
 */
export async function startReferenceAdapter(options: ReferenceAdapterOptions = {}): Promise<RunningAdapter> {
  const mount = `/${options.mount ?? REFERENCE_SLUG}`;
  const outbound = createOutbound({ allowedHosts: options.allowedHosts ?? ["127.0.0.1"] });
  const path = outbound.forRequest({ warn: () => {} } as never);
  const guardedFetch = (url: string, init?: RequestInit) => path.fetch(url, init);
  const server = createServer((req, res) => {
    serve(req, res, { mount, options, guardedFetch }).catch(() => {
      if (!res.headersSent) send(res, adapterError(500, "internal_error", "internal error"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => void outbound.close().then(resolve));
      }),
  };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  served: { mount: string; options: ReferenceAdapterOptions; guardedFetch: ReferenceRequest["guardedFetch"] },
): Promise<void> {
  const { mount, options } = served;
  const { pathname } = new URL(req.url ?? "/", "http://adapter");
  const path = pathname.startsWith(`${mount}/`) ? pathname.slice(mount.length) : undefined;
  const route = path === undefined ? undefined : ROUTES[`${req.method} ${path}`];
  const id: ReferenceRoute = route?.id ?? "unknown-route";
  const unbounded = options.limitDeclaredLengthOnly === true && req.headers["content-length"] === undefined;
  const raw = await readBody(req, unbounded ? Number.POSITIVE_INFINITY : (options.bodyLimitBytes ?? MAX_BODY_BYTES));
  if (raw === undefined) return send(res, adapterError(413, "payload_too_large", "the body is over the size limit"));
  const request: ReferenceRequest = {
    method: req.method ?? "GET",
    path: path ?? pathname,
    headers: headersOf(req),
    rawBody: raw,
    json: parseJson(raw),
    guardedFetch: served.guardedFetch,
  };
  if (
    route &&
    req.method === "POST" &&
    options.signingSecret !== undefined &&
    (options.serviceSignatureProblem ?? standardWebhookProblem)(
      options.signingSecret,
      request.headers,
      Buffer.from(request.rawBody),
    ) !== undefined
  ) {
    return send(res, adapterError(401, "unauthorized", "missing or invalid service signature"));
  }
  const reference = async (given: ReferenceRequest = request): Promise<ReferenceResponse> => {
    if (route === undefined) return notFound(given);
    if (req.method === "POST" && given.json === undefined) {
      return adapterError(400, "invalid_request", "the body is not JSON", {
        issues: [{ path: "", message: "expected JSON" }],
      });
    }
    const answer = await route.handler(given);
    if (id === "manifest") return { ...answer, body: patch(answer.body, options.manifestPatch) };
    if (id === "health") return { ...answer, body: patch(answer.body, options.healthPatch) };
    return answer;
  };
  const override = options.overrides?.[id];
  send(res, (override ? await override(request, reference) : undefined) ?? (await reference()));
}

function send(res: ServerResponse, answer: ReferenceResponse): void {
  const text = answer.rawBody ?? JSON.stringify(answer.body ?? null);
  res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
  res.end(text);
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep draining past the limit so the caller gets a 413 instead of a reset connection.
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? undefined : Buffer.concat(chunks).toString("utf8");
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function patch(body: unknown, changes: Readonly<Record<string, unknown>> | undefined): unknown {
  if (changes === undefined) return body;
  const merged: Record<string, unknown> = { ...(body as Record<string, unknown>), ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete merged[key];
  return merged;
}
