import { principalOf, type Route } from "../http/route.ts";
import { authorizeSecretAccess } from "./authorize-secret-access.ts";
import { rotateCallbackSecret } from "./callback-secret.ts";
import { showCallbackSecret } from "./show-callback-secret.ts";

/**
 * `POST /api/v1/callback-secret/rotate` (D25): a fresh signing secret for the token's organization, in force at
 * once (every later delivery attempt, retries of earlier callbacks included, is signed with it), and for a day
 * beside the secret it replaced (D103).
 */
export const rotateCallbackSecretRoute: Route<"rotate-callback-secret"> = {
  auth: "api",
  async handler(input, context) {
    const organizationId = authorizeSecretAccess(principalOf(input));
    const { db } = context.store;
    const now = context.now();
    await rotateCallbackSecret(db, context.serviceKey, organizationId, { now });
    return { status: 200, body: await showCallbackSecret(db, context.serviceKey, organizationId, now) };
  },
};
