import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import type { Principal } from "../auth/principal.ts";
import { projectOfPrincipal } from "../auth/project-of-principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { getInstallation } from "./get-installation.ts";
import type { InstallationRow } from "./installation-tables.ts";

/**
 * An installation the token may read, and so its events, source and documents (A17; D106, D165): its organization's,
 * and, when the installation belongs to a project, a token of that project or of one of its workflows. Others get
 * 404, as another organization's do: the reads are scoped like the writes.
 */
export async function readableInstallation(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  id: string,
): Promise<InstallationRow> {
  const row = await getInstallation(context, principal, id);
  if (row.project_id !== null && row.project_id !== (await projectOfPrincipal(context, principal))) {
    throw new ServiceError("not_found", `No installation ${id} in this token's scope.`);
  }
  return row;
}

/** An active installation whose source the token may change: a project-scoped token (D119) that may read it. */
export async function manageableInstallation(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  id: string,
): Promise<InstallationRow> {
  authorizeAppManagement(principal);
  const row = await readableInstallation(context, principal, id);
  if (row.state !== "active") throw new ServiceError("conflict", `Installation ${id} is uninstalled.`);
  return row;
}
