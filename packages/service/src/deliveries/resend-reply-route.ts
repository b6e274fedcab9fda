import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import type { RepliesContext } from "./replies-context.ts";
import { resendReply } from "./resend-reply.ts";

/** `POST /api/v1/installations/{installation_id}/replies/{id}/resend` (D514); a repeat is `Idempotent-Replayed`. */
export const resendReplyRoute: Route<"resend-reply", RepliesContext> = {
  auth: "api",
  keepsInboundCache: true,
  idempotent: true,
  async handler(input, context) {
    const installationId = input.params.installation_id ?? "";
    const id = pathId(input.params, "reply");
    const { delivery, replayed } = await resendReply(context, principalOf(input), {
      installationId,
      id,
      idempotencyKey: input.idempotencyKey,
    });
    if (!replayed) context.wakeDeliveries();
    return {
      status: 201,
      body: delivery,
      headers: {
        Location: `/api/v1/installations/${encodeURIComponent(installationId)}/replies`,
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      },
    };
  },
};
