// The four servers under test: the SDK and a hand-written equivalent, on node:http and on Express.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, toExpressRouter } from "@adapterkit/sdk";
import express from "express";
import { pino } from "pino";
import { adapter, BODY_LIMIT, PATH, parseEvent, SCHEMAS } from "./parse-inbound.ts";

export const VARIANTS = ["node-baseline", "node-sdk", "express-baseline", "express-sdk"] as const;
export type Variant = (typeof VARIANTS)[number];

const quiet = { logger: pino({ level: "error" }), signingSecret: undefined, version: "bench" };

/** What the hand-written handlers do once they hold the parsed body: validate, call, validate, answer. */
function answer(json: unknown): { status: number; body: unknown } {
  const request = SCHEMAS.request.safeParse(json);
  if (!request.success)
    return { status: 400, body: { ok: false, code: "invalid_request", error: request.error.message } };
  const data = request.data as { credentials: Record<string, unknown>; body: string };
  if (typeof data.credentials.token !== "string") {
    return { status: 400, body: { ok: false, code: "invalid_request", error: "/credentials/token" } };
  }
  const checked = SCHEMAS.response.safeParse(parseEvent(data));
  if (!checked.success) return { status: 500, body: { ok: false, code: "internal_error", error: "bad answer" } };
  return { status: 200, body: checked.data };
}

function handWritten(req: IncomingMessage, res: ServerResponse): void {
  const send = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  };
  if (req.method !== "POST" || req.url !== PATH) {
    send(404, { ok: false, code: "not_found", error: "no" });
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= BODY_LIMIT) chunks.push(chunk);
  });
  req.on("end", () => {
    if (size > BODY_LIMIT) return send(413, { ok: false, code: "payload_too_large", error: "too large" });
    let json: unknown;
    try {
      json = JSON.parse((chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)).toString("utf8"));
    } catch {
      return send(400, { ok: false, code: "invalid_request", error: "not JSON" });
    }
    const { status, body } = answer(json);
    send(status, body);
  });
}

/** Starts one variant on a free port of 127.0.0.1. */
export async function startVariant(variant: Variant): Promise<{ port: number; close: () => Promise<void> }> {
  if (variant === "node-sdk") {
    const running = await serve(adapter, { ...quiet, port: 0, host: "127.0.0.1", handleSignals: false });
    return { port: running.port, close: running.close };
  }
  const server = createVariant(variant);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port: (server.address() as AddressInfo).port, close };
}

function createVariant(variant: Exclude<Variant, "node-sdk">): Server {
  switch (variant) {
    case "node-baseline":
      return createServer(handWritten);
    case "express-baseline": {
      const app = express();
      app.post(PATH, express.json({ limit: BODY_LIMIT }), (req, res) => {
        const { status, body } = answer(req.body);
        res.status(status).json(body);
      });
      return createServer(app);
    }
    case "express-sdk": {
      const app = express();
      app.use(toExpressRouter(adapter, quiet));
      return createServer(app);
    }
  }
}
