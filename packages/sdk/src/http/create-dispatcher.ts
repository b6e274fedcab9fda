import type { IncomingMessage, ServerResponse } from "node:http";
import { toAdapterError } from "@adapterkit/contract/adapter";
import type { Route } from "./build-routes.ts";
import { sendError } from "./send.ts";
import type { Settings } from "./settings.ts";

/** A node request handler that may hand unknown paths on (Express's `next`). */
export type Dispatcher = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

/**
 * Looks a request's path up among the routes; an unknown path or method answers D8 `not_found`. With `next`
 * (Express), only paths outside every adapter's `/<slug>` go on; the adapter owns everything under its slug.
 */
export function createDispatcher(
  routes: ReadonlyMap<string, Route>,
  settings: Settings,
  slugs: readonly string[],
): Dispatcher {
  const prefixes = slugs.map((slug) => `/${slug}`);
  const owns = (path: string) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (req, res, next) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const route = routes.get(path);
    if (route === undefined) {
      if (next && !owns(path)) return next();
      return sendError(res, toAdapterError("not_found", `Nothing is served at ${path}.`));
    }
    if (req.method !== route.method && !(req.method === "HEAD" && route.method === "GET")) {
      req.resume();
      res.setHeader("allow", route.method === "GET" ? "GET, HEAD" : route.method);
      return sendError(res, toAdapterError("not_found", `${path} answers ${route.method} only, not ${req.method}.`));
    }
    // While draining, finish this request but let the client open its next one elsewhere.
    if (settings.lifecycle.draining) res.setHeader("connection", "close");
    route.handle(req, res);
  };
}
