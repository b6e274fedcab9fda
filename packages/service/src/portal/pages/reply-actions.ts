import { resendReply } from "../../deliveries/resend-reply.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { parseIdParam } from "../../store/index.ts";
import { type PortalRoute, redirect, sessionOf } from "../portal-route.ts";
import { installationPage } from "./installation-page.ts";
import { installationPath } from "./installation-paths.ts";
import { readResendKey } from "./read-resend-key.ts";

/**
 * `POST /marketplace/installations/:id/replies/:reply/resend`: the API's resend of a front-desk reply (D514) with the
 * form's key as its Idempotency-Key; a pending one is the page again with why (409).
 */
export const resendInstallationReply: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/replies/:reply/resend",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const installationId = request.params.id ?? "";
    const key = readResendKey(request.form.get("key"));
    try {
      const { delivery, replayed } = await resendReply(context, principal, {
        installationId,
        id: parseIdParam(request.params.reply) ?? 0,
        idempotencyKey: key,
      });
      if (!replayed) context.wakeDeliveries();
      return redirect(`${installationPath(installationId)}?resent=${delivery.id}#deliveries-heading`);
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      const page = { id: installationId, query: new URLSearchParams() };
      return installationPage(context, principal, page, { deliveryError: error.message }, 409);
    }
  },
};
