import type { IncomingMessage, ServerResponse } from "node:http";
import { HEALTH_READY, type HealthResponse } from "@adapterkit/contract";
import type { Adapter } from "../define/define-adapter.ts";
import { sendText } from "./send.ts";
import type { Settings } from "./settings.ts";

type RouteHandle = (req: IncomingMessage, res: ServerResponse) => void;
const JSON_TYPE = "application/json; charset=utf-8";

/** `GET /manifest.json`: the validated manifest, serialised once. */
export function createManifestRoute(adapter: Adapter): RouteHandle {
  const body = JSON.stringify(adapter.manifest);
  return (_req, res) => sendText(res, 200, body, JSON_TYPE);
}

/** D10 `GET /health`: `ready` while serving; `stopping` with 503 once the server drains for shutdown. */
export function createHealthRoute(adapter: Adapter, settings: Settings): RouteHandle {
  const health = (status: string): string =>
    JSON.stringify({ status, version: settings.version, adapter: adapter.slug } satisfies HealthResponse);
  const ready = health(HEALTH_READY);
  const stopping = health("stopping");
  return (_req, res) => {
    if (settings.lifecycle.draining) sendText(res, 503, stopping, JSON_TYPE);
    else sendText(res, 200, ready, JSON_TYPE);
  };
}
