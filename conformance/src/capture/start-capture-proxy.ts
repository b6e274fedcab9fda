import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { createAdapterClient } from "@adapterkit/client";
import { type InboundMode, parseInboundRequestSchema, parseInboundResponseSchema } from "@adapterkit/contract";
import { answerPlatformWebhook, PLATFORM_PREFIX } from "./answer-platform-webhook.ts";
import type { CapturedExchange } from "./captured-exchange.ts";
import { readBody, sendError } from "./proxy-io.ts";

const HOP_BY_HOP = /^(connection|keep-alive|transfer-encoding|te|trailer|upgrade|proxy-.*|host|content-length)$/i;

/** Options of {@link startCaptureProxy}. */
export interface CaptureProxyOptions {
  /** The adapter's base URL, e.g. `http://127.0.0.1:3100/webhook`. */
  readonly adapterUrl: string;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  readonly port?: number;
  /** The installation's credentials, for platform webhooks sent to `<proxy>/platform/…` (the proxy then acts as the service). */
  readonly credentials?: Readonly<Record<string, unknown>>;
  /** The adapter's D9 secret, to sign the calls the proxy makes itself for platform webhooks. */
  readonly signingSecret?: string;
  /** The mode of those `/parse-inbound` calls; default trigger. */
  readonly mode?: InboundMode;
  /** Called for each captured `/parse-inbound` exchange, with how many have been captured so far. */
  readonly onCapture?: (exchange: CapturedExchange, count: number) => void;
}

/** A running recording proxy. */
export interface CaptureProxy {
  /** The adapter's URL through the proxy (same path, the proxy's origin): point the service at it. */
  readonly url: string;
  /** Where a platform's own webhooks go (through a tunnel, say): the proxy verifies and parses them as the service would. */
  readonly platformUrl: string;
  exchanges(): readonly CapturedExchange[];
  close(): Promise<void>;
}

/**
 * Starts a recording proxy on 127.0.0.1 in front of an adapter: every request is forwarded unchanged (bytes,
 * headers, D9 signature) and answered with the adapter's answer; each `/parse-inbound` call that got a valid 200
 * is recorded with its answer. Platform webhooks sent to `/platform/…` are verified and parsed as the service would
 * (with `credentials`), and recorded too.
 * @example const proxy = await startCaptureProxy({ adapterUrl: "http://127.0.0.1:3100/webhook" });
 */
export async function startCaptureProxy(options: CaptureProxyOptions): Promise<CaptureProxy> {
  const target = new URL(options.adapterUrl);
  const basePath = target.pathname.replace(/\/+$/, "");
  const exchanges: CapturedExchange[] = [];
  const keep = (exchange: CapturedExchange) => {
    exchanges.push(exchange);
    options.onCapture?.(exchange, exchanges.length);
  };
  const onAnswered = (req: IncomingMessage, exchange: Forwarded) => {
    if (new URL(req.url ?? "/", "http://proxy").pathname !== `${basePath}/parse-inbound`) return;
    const recorded = record(exchange);
    if (recorded !== undefined) keep(recorded);
  };
  const client = createAdapterClient({
    baseUrl: options.adapterUrl,
    ...(options.signingSecret === undefined ? {} : { signingSecret: options.signingSecret }),
  });
  const platform = { client, credentials: options.credentials, mode: options.mode ?? "trigger", record: keep } as const;
  // Recorded before the answer is written, so whoever sent the request finds it captured once answered.
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://proxy").pathname;
    if (pathname === PLATFORM_PREFIX || pathname.startsWith(`${PLATFORM_PREFIX}/`))
      answerPlatformWebhook(req, res, platform).catch(() =>
        sendError(res, 500, "internal_error", "capture proxy failed"),
      );
    else void forward(req, res, target, (exchange) => onAnswered(req, exchange));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    platformUrl: `http://127.0.0.1:${port}${PLATFORM_PREFIX}`,
    exchanges: () => [...exchanges],
    close: () =>
      new Promise<void>((resolve) => {
        // Answers in flight are finished first (the last one may have just ended the capture); stragglers go after 2 s.
        const timer = setTimeout(() => server.closeAllConnections(), 2_000);
        server.close(() => {
          clearTimeout(timer);
          client.close().then(resolve, resolve);
        });
        server.closeIdleConnections();
      }),
  };
}

interface Forwarded {
  readonly method: string;
  readonly requestBody: Buffer;
  readonly status: number;
  readonly responseBody: Buffer;
}

async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  onAnswered: (exchange: Forwarded) => void,
): Promise<void> {
  const requestBody = await readBody(req).catch(() => undefined);
  if (requestBody === undefined) {
    sendError(res, 413, "payload_too_large", "capture proxy: the request is over 4 MiB");
    return;
  }
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.test(name)));
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  await new Promise<void>((resolve) => {
    const outgoing = send(
      new URL(req.url ?? "/", target.origin),
      { method: req.method, headers: { ...headers, "content-length": String(requestBody.length) } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", () => {
          res.destroy();
          resolve();
        });
        answer.on("end", () => {
          const responseBody = Buffer.concat(chunks);
          const status = answer.statusCode ?? 502;
          onAnswered({ method: req.method ?? "GET", requestBody, status, responseBody });
          const kept = Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.test(name));
          res.writeHead(status, Object.fromEntries(kept));
          res.end(responseBody);
          resolve();
        });
      },
    );
    outgoing.on("error", () => {
      sendError(res, 502, "platform_error", "capture proxy: the adapter did not answer");
      resolve();
    });
    outgoing.end(requestBody);
  });
}

function record(exchange: Forwarded): CapturedExchange | undefined {
  if (exchange.method !== "POST" || exchange.status !== 200) return undefined;
  const request = parseInboundRequestSchema.safeParse(parseJson(exchange.requestBody));
  const answer = parseJson(exchange.responseBody);
  if (!request.success || !parseInboundResponseSchema.safeParse(answer).success) return undefined;
  return { request: request.data, answer, at: new Date().toISOString() };
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
}
