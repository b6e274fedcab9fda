import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import type { InboundContext } from "./inbound-context.ts";
import { replayInboundEvent } from "./replay-inbound-event.ts";

/** `POST /api/v1/installations/{installation_id}/events/{event_id}/replay` (A22, D523). */
export const replayInboundEventRoute: Route<"replay-installation-event", InboundContext> = {
  auth: "api",
  idempotent: true,
  async handler(input, context) {
    const id = input.params.installation_id ?? "";
    const eventId = pathId(input.params, "event", "event_id");
    const replay = await replayInboundEvent(context, principalOf(input), {
      id,
      eventId,
      idempotencyKey: input.idempotencyKey,
    });
    return { status: 200, body: replay };
  },
};
