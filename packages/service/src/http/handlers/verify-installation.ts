import { verifyInstallation } from "../../oauth/verify-installation.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/installations/{installation_id}/verify`: /verify again with the stored, fresh credentials. */
export const verifyInstallationRoute: Route<"verify-installation"> = {
  auth: "api",
  async handler(input, context) {
    const id = input.params.installation_id ?? "";
    return { status: 200, body: await verifyInstallation(context, principalOf(input), id) };
  },
};
