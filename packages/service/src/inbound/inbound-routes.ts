import type { FeatureRoutes } from "../http/route.ts";
import { getInstallationEventRoute } from "./get-installation-event-route.ts";
import type { InboundContext } from "./inbound-context.ts";
import { inboundRoute } from "./inbound-route.ts";
import { listInstallationEventsRoute } from "./list-installation-events-route.ts";
import { replayInboundEventRoute } from "./replay-inbound-event-route.ts";

/** The inbound routes: one file per route beside this list. */
export const INBOUND_ROUTES = {
  inbound: inboundRoute,
  "list-installation-events": listInstallationEventsRoute,
  "get-installation-event": getInstallationEventRoute,
  "replay-installation-event": replayInboundEventRoute,
} satisfies FeatureRoutes<InboundContext>;
