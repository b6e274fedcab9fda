import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { removeAppSkills } from "../skills/app-skill.ts";
import { getInstallationToChange } from "./get-installation-to-change.ts";
import { updateInstallation } from "./installation-store.ts";
import type { InstallationRow } from "./installation-tables.ts";

/**
 * Uninstalls an installation the principal may change (kept as uninstalled; a repeat changes nothing). The public
 * API's DELETE and the marketplace's Uninstall button both call this, so their authorization is the same (D290).
 */
export async function uninstallInstallation(
  context: Pick<GroundContext, "store" | "now">,
  principal: Principal,
  id: string,
): Promise<InstallationRow> {
  const row = await getInstallationToChange(context, principal, id);
  if (row.state !== "active") return row;
  const updated = await context.store.db.transaction().execute(async (trx) => {
    // A4: the uninstall removes the Skill the install created, in the same transaction.
    await removeAppSkills(trx, row.id);
    return updateInstallation(trx, row.id, { uninstall: true, now: context.now() });
  });
  return updated ?? row;
}
