import type { Route } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { identifyCallbackSender } from "./identify-callback-sender.ts";
import { recordReceivedCallback } from "./record-received-callback.ts";

/**
 * `POST /api/v1/callback` (D25 receiver): 401 unless an organization of this instance signed the exact bytes,
 * then 400 for a body that is not a callback envelope, then 204 with the notification recorded once per
 * webhook-id.
 */
export const receiveCallbackRoute: Route<"receive-callback", CallbacksContext> = {
  auth: "none",
  verify: (request, context) =>
    identifyCallbackSender(context.store.db, context.serviceKey, { ...request, now: context.now() }),
  async handler(input, context) {
    if (input.signer === undefined) throw new Error("receive-callback ran without its signature check");
    await recordReceivedCallback(context.store.db, input.signer, input.body, context.now());
    return { status: 204 };
  },
};
