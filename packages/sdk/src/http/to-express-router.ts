import type { IncomingMessage, ServerResponse } from "node:http";
import type { Adapter } from "../define/define-adapter.ts";
import { createAdaptersDispatcher } from "./create-adapter-handler.ts";
import { type AdapterHandlerOptions, toSettings } from "./settings.ts";

/**
 * Express (or Connect) middleware, typed without Express's own types: the SDK neither imports Express nor needs
 * its types, so a project that does not use it installs neither (D432).
 */
export type ExpressMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Express middleware serving the adapter under `/<slug>`; paths it does not serve go on to `next()`. Express is an
 * optional peer: this is a plain `(req, res, next)` function, so nothing of Express is loaded here.
 * Mount it before any body parser: signatures are checked over the exact bytes (or keep them as `req.rawBody`).
 * @example app.use(toExpressRouter(adapter)); // http://host/chat/manifest.json
 */
export function toExpressRouter(adapter: Adapter, options: AdapterHandlerOptions = {}): ExpressMiddleware {
  const dispatch = createAdaptersDispatcher([adapter], toSettings(options));
  return (req, res, next) => dispatch(req, res, () => next());
}
