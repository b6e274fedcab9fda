import { ServiceError } from "../errors/service-error.ts";
import { principalOf, type Route } from "../http/route.ts";
import { getInstallationToChange } from "./get-installation-to-change.ts";
import { updateInstallation } from "./installation-store.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { showInstallation } from "./show-installation.ts";

/** `PATCH /api/v1/installations/{installation_id}`: the front-desk toggle. */
export const updateInstallationRoute: Route<"update-installation", InstallationsContext> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const row = await getInstallationToChange(context, principal, input.params.installation_id ?? "");
    if (row.state !== "active") throw new ServiceError("conflict", `Installation ${row.id} is uninstalled.`);
    const updated = await updateInstallation(context.store.db, row.id, {
      frontDesk: input.body.front_desk,
      now: context.now(),
    });
    return { status: 200, body: await showInstallation(context, updated ?? row) };
  },
};
