import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { resendCallback } from "./resend-callback.ts";

/** `POST /api/v1/callback-deliveries/{id}/resend` (D514); `Idempotent-Replayed: true` marks a repeat's answer. */
export const resendCallbackRoute: Route<"resend-callback-delivery", CallbacksContext> = {
  auth: "api",
  keepsInboundCache: true,
  idempotent: true,
  async handler(input, context) {
    const id = pathId(input.params, "callback delivery");
    const { delivery, replayed } = await resendCallback(
      { db: context.store.db, now: context.now() },
      principalOf(input),
      {
        id,
        idempotencyKey: input.idempotencyKey,
      },
    );
    if (!replayed) context.wakeCallbacks();
    return {
      status: 201,
      body: delivery,
      headers: {
        Location: `/api/v1/callback-deliveries/${delivery.id}`,
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      },
    };
  },
};
