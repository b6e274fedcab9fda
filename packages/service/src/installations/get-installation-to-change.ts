import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { readableInstallation } from "./installation-access.ts";
import type { InstallationRow } from "./installation-tables.ts";

/**
 * An installation the principal may change (toggle, verify, uninstall): a project token's own project's, or one
 * installed for the whole organization before A17; another project's is 404 like another organization's, since
 * the token cannot read it either.
 */
export async function getInstallationToChange(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  id: string,
): Promise<InstallationRow> {
  authorizeAppManagement(principal);
  return readableInstallation(context, principal, id);
}
