import { showInstallation } from "../../installations/show-installation.ts";
import { uninstallInstallation } from "../../installations/uninstall-installation.ts";
import { principalOf, type Route } from "../route.ts";

/** `DELETE /api/v1/installations/{installation_id}`: uninstall (kept as uninstalled; a repeat changes nothing). */
export const deleteInstallationRoute: Route<"delete-installation"> = {
  auth: "api",
  async handler(input, context) {
    const row = await uninstallInstallation(context, principalOf(input), input.params.installation_id ?? "");
    return { status: 200, body: await showInstallation(context, row) };
  },
};
