import { readableInstallation } from "../../installations/installation-access.ts";
import { showInstallation } from "../../installations/show-installation.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/installations/{installation_id}`. */
export const getInstallationRoute: Route<"get-installation"> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    return { status: 200, body: await showInstallation(context, row) };
  },
};
