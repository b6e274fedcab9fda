import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { getCallbackDelivery } from "./get-callback-delivery.ts";

/** `GET /api/v1/callback-deliveries/{id}` (D510). */
export const getCallbackDeliveryRoute: Route<"get-callback-delivery", CallbacksContext> = {
  auth: "api",
  async handler(input, context) {
    const id = pathId(input.params, "callback delivery");
    return { status: 200, body: await getCallbackDelivery(context.store.db, principalOf(input), id) };
  },
};
