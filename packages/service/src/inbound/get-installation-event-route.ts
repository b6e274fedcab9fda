import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import { getInstallationEvent } from "./get-installation-event.ts";
import type { InboundContext } from "./inbound-context.ts";

/** `GET /api/v1/installations/{installation_id}/events/{event_id}` (A22). */
export const getInstallationEventRoute: Route<"get-installation-event", InboundContext> = {
  auth: "api",
  async handler(input, context) {
    const id = input.params.installation_id ?? "";
    const eventId = pathId(input.params, "event", "event_id");
    return { status: 200, body: await getInstallationEvent(context, principalOf(input), { id, eventId }) };
  },
};
