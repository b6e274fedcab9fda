import { principalOf, type Route } from "../http/route.ts";
import { authorizeSecretAccess } from "./authorize-secret-access.ts";
import { showCallbackSecret } from "./show-callback-secret.ts";

/** `GET /api/v1/callback-secret` (D25): the token's organization's signing secret, project-scoped tokens only. */
export const getCallbackSecretRoute: Route<"get-callback-secret"> = {
  auth: "api",
  async handler(input, context) {
    const organizationId = authorizeSecretAccess(principalOf(input));
    const body = await showCallbackSecret(context.store.db, context.serviceKey, organizationId, context.now());
    return { status: 200, body };
  },
};
