import { principalOf, type Route } from "../http/route.ts";
import type { InboundContext } from "./inbound-context.ts";
import { listInstallationEvents } from "./list-installation-events.ts";

/** `GET /api/v1/installations/{installation_id}/events?limit=&cursor=` (A9). */
export const listInstallationEventsRoute: Route<"list-installation-events", InboundContext> = {
  auth: "api",
  async handler(input, context) {
    const id = input.params.installation_id ?? "";
    return { status: 200, body: await listInstallationEvents(context, principalOf(input), { id, query: input.query }) };
  },
};
