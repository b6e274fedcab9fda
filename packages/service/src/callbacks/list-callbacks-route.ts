import { principalOf, type Route } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { listReceivedCallbacks } from "./list-received-callbacks.ts";

/** `GET /api/v1/callbacks?limit=&cursor=` (D25, D106): the received callbacks of runs in the token's scope. */
export const listCallbacksRoute: Route<"list-callbacks", CallbacksContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await listReceivedCallbacks(context.store.db, principalOf(input), input.query) };
  },
};
