import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { isInstallationId } from "../installations/installation-id.ts";
import type { InstallationRow } from "../installations/installation-tables.ts";
import { installedApp } from "../installations/show-installation.ts";
import type { OpenInstallation } from "./cached-installation.ts";
import { withInboundTables } from "./inbound-tables.ts";

export type { OpenInstallation } from "./cached-installation.ts";

/** A9's first answers, before the body is read: 404 for an id no installation has (any shape), 410 uninstalled. */
export async function findOpenInstallation(
  context: Pick<GroundContext, "store">,
  id: string,
): Promise<InstallationRow> {
  const row = isInstallationId(id)
    ? await withInboundTables(context.store.db)
        .selectFrom("installations")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  if (row === undefined) throw new ServiceError("not_found", "No installation has this id.");
  if (row.state !== "active") throw new ServiceError("gone", `Installation ${row.id} is uninstalled.`);
  return row;
}

/**
 * The installation with its App and manifest (A9). An App whose manifest does not declare `receive` takes no events:
 * 404, which a platform treats as final, rather than the 503 its missing /verify-webhook would earn (a retry forever).
 */
export async function openInstallation(context: Pick<GroundContext, "store">, id: string): Promise<OpenInstallation> {
  const installation = await findOpenInstallation(context, id);
  const opened = { installation, ...(await installedApp(context, installation)) };
  if (!(opened.manifest.capabilities ?? []).includes("receive")) {
    throw new ServiceError("not_found", `App ${opened.app.slug} receives no events: its installations take none.`);
  }
  return opened;
}
