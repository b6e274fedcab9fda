import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isValidStandardWebhook } from "@adapterkit/sdk";
import { listenHttp } from "@adapterkit/sdk/testing";
import { createWebhookSender, type WebhookSender } from "./stand-in-sender.ts";

/** Options of {@link startWebhookStandIn}. */
export interface WebhookStandInOptions {
  /** Port to listen on; default 0: a free one, in the `ADAPTERKIT_STANDIN_PORTS` range when that is set. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** The `whsec_…` secret deliveries must be signed with; random when omitted. */
  signingSecret?: string;
  /** Hold each delivery's answer back this long after recording it, as a slow platform does; default 0. */
  answerDelayMs?: number;
}

/** A request the receiver got on its delivery path. */
export interface ReceivedDelivery {
  readonly method: string;
  readonly path: string;
  /** Lower-cased names, repeats joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Whether its Standard Webhooks signature matched the stand-in's secret. */
  readonly verified: boolean;
}

/** A running local webhook receiver. */
export interface WebhookStandIn {
  readonly url: string;
  /** Where to deliver: a `channel_address` for the webhook adapter. */
  readonly channelAddress: string;
  /** Working demo credentials for the webhook adapter; its deliveries verify here. */
  readonly credentials: { signing_secret: string };
  /** Posts signed webhooks, as the system on the other side does (to an App's inbound URL). */
  readonly sender: WebhookSender;
  /** Every delivery received so far, oldest first (also served as JSON at `GET /deliveries`). */
  deliveries(): readonly ReceivedDelivery[];
  close(): Promise<void>;
}

/**
 * Starts a local receiver for the webhook adapter's deliveries: it checks each one's Standard Webhooks signature
 * (401 when it does not match), records it, and lists what it got at `GET /deliveries`.
 * @example const receiver = await startWebhookStandIn(); // deliver to receiver.channelAddress
 */
export async function startWebhookStandIn(options: WebhookStandInOptions = {}): Promise<WebhookStandIn> {
  const secret = options.signingSecret ?? `whsec_${randomBytes(32).toString("base64")}`;
  const received: ReceivedDelivery[] = [];
  const answerDelayMs = options.answerDelayMs ?? 0;
  const state = { secret, received, answerDelayMs };
  const { url, close } = await listenHttp((req, res) => void receive(req, res, state), options);
  return {
    url,
    channelAddress: `${url}/deliveries`,
    credentials: { signing_secret: secret },
    sender: createWebhookSender(secret),
    deliveries: () => [...received],
    close,
  };
}

async function receive(
  req: IncomingMessage,
  res: ServerResponse,
  state: { secret: string; received: ReceivedDelivery[]; answerDelayMs: number },
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  const path = new URL(req.url ?? "/", "http://stand-in").pathname;
  if (path !== "/deliveries") return send(res, 404, { error: "not_found" });
  if (req.method === "GET") return send(res, 200, state.received);
  if (req.method !== "POST") return send(res, 405, { error: "method_not_allowed" });
  const headers = headersOf(req);
  const verified = isValidStandardWebhook({ secret: state.secret, headers, body });
  state.received.push({ method: req.method, path, headers, body, verified });
  if (state.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.answerDelayMs));
  send(res, verified ? 200 : 401, verified ? { ok: true } : { error: "invalid_signature" });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]),
  );
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
