import type { Router } from "express";
import express from "express";
import type { Adapter } from "../define/define-adapter.ts";
import { createAdaptersDispatcher } from "./create-adapter-handler.ts";
import { type AdapterHandlerOptions, toSettings } from "./settings.ts";

/**
 * An Express router serving the adapter under `/<slug>`; paths it does not serve go on to `next()`.
 * Mount it before any body parser: signatures are checked over the exact bytes (or keep them as `req.rawBody`).
 * @example app.use(toExpressRouter(adapter)); // http://host/chat/manifest.json
 */
export function toExpressRouter(adapter: Adapter, options: AdapterHandlerOptions = {}): Router {
  const dispatch = createAdaptersDispatcher([adapter], toSettings(options));
  const router = express.Router();
  router.use((req, res, next) => dispatch(req, res, () => next()));
  return router;
}
