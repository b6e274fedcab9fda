import { principalOf, type Route } from "../http/route.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { verifyInstallation } from "./verify-installation.ts";

/** `POST /api/v1/installations/{installation_id}/verify`: /verify again with the stored, fresh credentials. */
export const verifyInstallationRoute: Route<"verify-installation", OAuthContext> = {
  auth: "api",
  async handler(input, context) {
    const id = input.params.installation_id ?? "";
    return { status: 200, body: await verifyInstallation(context, principalOf(input), id) };
  },
};
