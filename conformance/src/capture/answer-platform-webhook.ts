import type { IncomingMessage, ServerResponse } from "node:http";
import type { AdapterClient } from "@adapterkit/client";
import type { InboundEnvelope, InboundMode } from "@adapterkit/contract";
import type { CapturedExchange } from "./captured-exchange.ts";
import { readBody, sendError } from "./proxy-io.ts";

/** Where the proxy takes a platform's own webhooks: `<proxy>/platform/<the platform's path>`. */
export const PLATFORM_PREFIX = "/platform";

/** What the proxy needs to stand in for the service before an adapter. */
export interface PlatformWebhookOptions {
  readonly client: AdapterClient;
  /** The installation's credentials (the base fixtures' `credentials.good`); without them webhooks are refused. */
  readonly credentials: Readonly<Record<string, unknown>> | undefined;
  readonly mode: InboundMode;
  readonly record: (exchange: CapturedExchange) => void;
}

/**
 * Takes a platform webhook as the service would (A9): wraps it in the D2 envelope, asks `/verify-webhook` (refused:
 * 401, nothing recorded), then `/parse-inbound`, records the exchange, and answers the platform: a handshake with its
 * `challenge_response` (a string as text), anything else `200 { ok: true }`.
 */
export async function answerPlatformWebhook(
  req: IncomingMessage,
  res: ServerResponse,
  options: PlatformWebhookOptions,
) {
  if (options.credentials === undefined) {
    sendError(res, 404, "not_found", "capture proxy: platform webhooks need credentials (adapterkit capture --base)");
    return;
  }
  const bytes = await readBody(req).catch(() => undefined);
  if (bytes === undefined) return sendError(res, 413, "payload_too_large", "capture proxy: the request is over 4 MiB");
  const envelope = toEnvelope(req, bytes, options.credentials);
  const verified = await options.client.verifyWebhook(envelope);
  if (!verified.ok)
    return sendError(res, 502, "platform_error", `capture proxy: /verify-webhook failed (${failure(verified.error)})`);
  if (!verified.value.ok)
    return sendError(res, 401, "unauthorized", "capture proxy: the adapter refused the signature");
  const request = { ...envelope, mode: options.mode };
  const parsed = await options.client.parseInbound(request);
  if (!parsed.ok)
    return sendError(res, 502, "platform_error", `capture proxy: /parse-inbound failed (${failure(parsed.error)})`);
  options.record({ request, answer: parsed.value, at: new Date().toISOString() });
  const challenge = (parsed.value as { challenge_response?: unknown }).challenge_response;
  if (typeof challenge === "string") {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end(challenge);
  } else {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(challenge === undefined ? { ok: true } : challenge));
  }
}

/** The kind of a failed call and its HTTP status, never its body (which may quote credentials). */
function failure(error: { kind: string; status?: number }): string {
  return error.status === undefined ? error.kind : `${error.kind} ${error.status}`;
}

function toEnvelope(
  req: IncomingMessage,
  bytes: Buffer,
  credentials: Readonly<Record<string, unknown>>,
): InboundEnvelope {
  const url = new URL(req.url ?? "/", "http://proxy");
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]),
  );
  const text = bytes.toString("utf8");
  const utf8 = Buffer.from(text, "utf8").equals(bytes);
  return {
    credentials: { ...credentials },
    method: req.method ?? "POST",
    path: url.pathname.slice(PLATFORM_PREFIX.length) || "/",
    query,
    headers,
    body: utf8 ? text : bytes.toString("base64"),
    ...(utf8 ? {} : { body_encoding: "base64" as const }),
  };
}
