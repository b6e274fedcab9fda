import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { findInstallation } from "./installation-store.ts";
import type { InstallationRow } from "./installation-tables.ts";

/** An installation of the principal's organization (404 for an unknown id or another organization's). */
export async function getInstallation(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  id: string,
): Promise<InstallationRow> {
  const row = await findInstallation(context.store.db, principal.organizationId, id);
  if (row === undefined) throw new ServiceError("not_found", `No installation ${id} in this organization.`);
  return row;
}
