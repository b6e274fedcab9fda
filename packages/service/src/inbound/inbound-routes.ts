import type { FeatureRoutes } from "../http/route.ts";
import type { InboundContext } from "./inbound-context.ts";
import { inboundRoute } from "./inbound-route.ts";
import { listInstallationEventsRoute } from "./list-installation-events-route.ts";

/** The inbound routes: one file per route beside this list. */
export const INBOUND_ROUTES = {
  inbound: inboundRoute,
  "list-installation-events": listInstallationEventsRoute,
} satisfies FeatureRoutes<InboundContext>;
