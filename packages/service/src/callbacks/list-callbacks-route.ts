import { principalOf, type Route } from "../http/route.ts";
import { listReceivedCallbacks } from "./list-received-callbacks.ts";

/** `GET /api/v1/callbacks?limit=&cursor=` (D25, D84): any token lists its organization's received callbacks. */
export const listCallbacksRoute: Route<"list-callbacks"> = {
  auth: "api",
  async handler(input, context) {
    const { organizationId } = principalOf(input);
    return { status: 200, body: await listReceivedCallbacks(context.store.db, organizationId, input.query) };
  },
};
