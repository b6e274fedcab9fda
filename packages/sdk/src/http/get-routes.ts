import type { IncomingMessage, ServerResponse } from "node:http";
import { HEALTH_READY, type HealthResponse } from "@adapterkit/contract/adapter";
import type { Adapter } from "../define/define-adapter.ts";
import { sendText } from "./send.ts";
import type { Settings } from "./settings.ts";

type RouteHandle = (req: IncomingMessage, res: ServerResponse) => void;
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * `GET /manifest.json`: the validated manifest, serialised once; `endpoints` lists `inbound` exactly when this
 * server answers it (D410).
 */
export function createManifestRoute(adapter: Adapter, settings: Pick<Settings, "combinedInbound">): RouteHandle {
  const body = JSON.stringify(servedManifest(adapter, settings));
  return (_req, res) => sendText(res, 200, body, JSON_TYPE);
}

function servedManifest(adapter: Adapter, settings: Pick<Settings, "combinedInbound">): object {
  const { manifest } = adapter;
  const others = (manifest.endpoints ?? []).filter((id) => id !== "inbound");
  const endpoints = servesCombinedInbound(adapter, settings) ? [...others, "inbound"] : others;
  if (endpoints.length === 0 && manifest.endpoints === undefined) return manifest;
  return { ...manifest, endpoints };
}

/** Whether `/inbound` is answered (D410): both inbound handlers written and the server not told otherwise. */
export function servesCombinedInbound(adapter: Adapter, settings: Pick<Settings, "combinedInbound">): boolean {
  return settings.combinedInbound && adapter.handlers.has("inbound");
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
