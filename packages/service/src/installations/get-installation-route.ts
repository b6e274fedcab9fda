import { principalOf, type Route } from "../http/route.ts";
import { readableInstallation } from "./installation-access.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { showInstallation } from "./show-installation.ts";

/** `GET /api/v1/installations/{installation_id}`. */
export const getInstallationRoute: Route<"get-installation", InstallationsContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    return { status: 200, body: await showInstallation(context, row) };
  },
};
