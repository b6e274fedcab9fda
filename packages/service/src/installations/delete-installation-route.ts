import { principalOf, type Route } from "../http/route.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { showInstallation } from "./show-installation.ts";
import { uninstallInstallation } from "./uninstall-installation.ts";

/** `DELETE /api/v1/installations/{installation_id}`: uninstall (kept as uninstalled; a repeat changes nothing). */
export const deleteInstallationRoute: Route<"delete-installation", InstallationsContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await uninstallInstallation(context, principalOf(input), input.params.installation_id ?? "");
    return { status: 200, body: await showInstallation(context, row) };
  },
};
