import type { Route } from "../http/route.ts";
import { rotateCallbackSecret } from "./callback-secret.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { secretOrganization } from "./secret-organization.ts";
import { showCallbackSecret } from "./show-callback-secret.ts";

/**
 * `POST /api/v1/admin/organizations/{id}/callback-secret/rotate` (D25, D106): a fresh signing secret for the
 * organization, in force at once (every later delivery attempt, retries of earlier callbacks included, is signed
 * with it), and for a day beside the secret it replaced (D103). Admin token only.
 */
export const rotateCallbackSecretRoute: Route<"rotate-callback-secret", CallbacksContext> = {
  auth: "admin",
  async handler(input, context) {
    const { db } = context.store;
    const organizationId = await secretOrganization(db, input.params);
    const now = context.now();
    await rotateCallbackSecret(db, context.serviceKey, organizationId, { now });
    return { status: 200, body: await showCallbackSecret(db, context.serviceKey, organizationId, now) };
  },
};
