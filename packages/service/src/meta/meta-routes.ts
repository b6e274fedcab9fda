import type { FeatureRoutes } from "../http/route.ts";
import type { RunWorker } from "../runs/run-worker.ts";
import { getOpenApiRoute } from "./get-openapi-route.ts";
import { healthzRoute } from "./healthz-route.ts";
import type { MetaContext } from "./meta-context.ts";
import { createReadyzRoute } from "./readyz-route.ts";

/** What the service says about itself: liveness, readiness (of `worker`, when it runs one), its OpenAPI document. */
export function createMetaRoutes(worker: Pick<RunWorker, "running"> | undefined) {
  return {
    "get-openapi": getOpenApiRoute,
    healthz: healthzRoute,
    readyz: createReadyzRoute(worker),
  } satisfies FeatureRoutes<MetaContext>;
}
