import type { IncomingMessage, ServerResponse } from "node:http";
import type { Adapter } from "../define/define-adapter.ts";
import { buildRoutes, type Route } from "./build-routes.ts";
import { createDispatcher, type Dispatcher } from "./create-dispatcher.ts";
import { type AdapterHandlerOptions, type Settings, toSettings } from "./settings.ts";

/**
 * A plain node `(req, res)` handler serving the adapter under `/<slug>`, for any `node:http`-style server.
 * @example createServer(createAdapterHandler(adapter)).listen(3100);
 */
export function createAdapterHandler(
  adapter: Adapter,
  options: AdapterHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const dispatch = createAdaptersDispatcher([adapter], toSettings(options));
  return (req, res) => dispatch(req, res);
}

/** One dispatcher over several adapters, each under its own slug; logs what each serves and what answers 501. */
export function createAdaptersDispatcher(adapters: readonly Adapter[], settings: Settings): Dispatcher {
  const routes = new Map<string, Route>();
  const slugs = new Set<string>();
  for (const adapter of adapters) {
    if (slugs.has(adapter.slug)) throw new Error(`two adapters share the slug "${adapter.slug}"`);
    slugs.add(adapter.slug);
    for (const [path, route] of buildRoutes(adapter, settings)) routes.set(path, route);
    logStart(adapter, settings);
  }
  return createDispatcher(routes, settings, [...slugs]);
}

function logStart(adapter: Adapter, settings: Settings): void {
  const log = settings.log.child({ adapter: adapter.slug });
  log.info({ signed: settings.signingSecret !== undefined, version: settings.version }, "adapter routes ready");
  // A placeholder is a handler still to write; an optional endpoint left out (a channel app's sources) is not
  // offered, which is no cause for a warning.
  const unwritten = adapter.notImplemented.filter((id) => adapter.handlers.has(id));
  const notOffered = adapter.notImplemented.filter((id) => !adapter.handlers.has(id));
  if (unwritten.length > 0) {
    log.warn({ endpoints: unwritten }, `answering 501 not_implemented: ${unwritten.join(", ")}`);
  }
  if (notOffered.length > 0) log.debug({ endpoints: notOffered }, `not offered (501): ${notOffered.join(", ")}`);
}
