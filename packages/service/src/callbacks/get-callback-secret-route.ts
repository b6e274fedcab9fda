import type { Route } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { secretOrganization } from "./secret-organization.ts";
import { showCallbackSecret } from "./show-callback-secret.ts";

/**
 * `GET /api/v1/admin/organizations/{id}/callback-secret` (D25, D106): the organization's signing secret, to the admin
 * only: it signs every project's callbacks, so no project- or workflow-scoped token may hold it.
 */
export const getCallbackSecretRoute: Route<"get-callback-secret", CallbacksContext> = {
  auth: "admin",
  async handler(input, context) {
    const organizationId = await secretOrganization(context.store.db, input.params);
    const body = await showCallbackSecret(context.store.db, context.serviceKey, organizationId, context.now());
    return { status: 200, body };
  },
};
