import type { IncomingMessage, ServerResponse } from "node:http";
import { ADAPTER_ENDPOINTS, type AdapterEndpointDef, type HttpMethod } from "@adapterkit/contract/adapter";
import type { Adapter } from "../define/define-adapter.ts";
import { createHealthRoute, createManifestRoute } from "./get-routes.ts";
import { createPostRoute } from "./post-route.ts";
import type { Settings } from "./settings.ts";

/** One served path: its method, its table row, and what answers it. */
export interface Route {
  readonly method: HttpMethod;
  readonly row: AdapterEndpointDef;
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
}

/** Routes every row of the contract's endpoint table under `/<slug>` (D1), keyed by full path. */
export function buildRoutes(adapter: Adapter, settings: Settings): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const row of ADAPTER_ENDPOINTS) {
    routes.set(`/${adapter.slug}${row.path}`, { method: row.method, row, handle: routeHandle(row, adapter, settings) });
  }
  return routes;
}

function routeHandle(row: AdapterEndpointDef, adapter: Adapter, settings: Settings): Route["handle"] {
  if (row.handler === "manifest") return createManifestRoute(adapter, settings);
  if (row.handler === "health") return createHealthRoute(adapter, settings);
  if (row.method !== "POST") throw new Error(`no built-in handler serves ${row.method} ${row.path}`);
  return createPostRoute(row, adapter, settings);
}
