import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { ServiceContext } from "../service-context.ts";
import { getInstallation } from "./get-installation.ts";
import type { InstallationRow } from "./installation-tables.ts";

/**
 * An installation the principal may change (toggle, verify, uninstall): a project token's own project's, or one
 * installed for the whole organization; another project's is 403, another organization's 404 (D119).
 */
export async function getInstallationToChange(
  context: Pick<ServiceContext, "store">,
  principal: Principal,
  id: string,
): Promise<InstallationRow> {
  authorizeAppManagement(principal);
  const row = await getInstallation(context, principal, id);
  const scope = principal.scope;
  if (row.project_id !== null && scope.type === "project" && scope.projectId !== row.project_id) {
    throw new ServiceError("forbidden", `Installation ${id} belongs to another project of the organization.`);
  }
  return row;
}
