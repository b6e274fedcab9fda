import { getInstallationToChange } from "../../installations/get-installation-to-change.ts";
import { updateInstallation } from "../../installations/installation-store.ts";
import { showInstallation } from "../../installations/show-installation.ts";
import { removeAppSkills } from "../../skills/app-skill.ts";
import { principalOf, type Route } from "../route.ts";

/** `DELETE /api/v1/installations/{installation_id}`: uninstall (kept as uninstalled; a repeat changes nothing). */
export const deleteInstallationRoute: Route<"delete-installation"> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const row = await getInstallationToChange(context, principal, input.params.installation_id ?? "");
    const updated =
      row.state === "active"
        ? await context.store.db.transaction().execute(async (trx) => {
            // A4: the uninstall removes the Skill the install created, in the same transaction.
            await removeAppSkills(trx, row.id);
            return updateInstallation(trx, row.id, { uninstall: true, now: context.now() });
          })
        : row;
    return { status: 200, body: await showInstallation(context, updated ?? row) };
  },
};
