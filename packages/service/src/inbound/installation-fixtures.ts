import type { Fixtures } from "@adapterkit/conformance";
import { withAppTables } from "../apps/app-tables.ts";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { manageableInstallation } from "../installations/installation-access.ts";
import type { InstallationRow } from "../installations/installation-tables.ts";
import { installedApp } from "../installations/show-installation.ts";
import { readFixtures } from "../reviews/app-fixtures.ts";

/** An installation the token may change, its App's slug and the fixtures file its author uploaded. */
export interface InstallationFixtures {
  readonly row: InstallationRow;
  readonly slug: string;
  readonly fixtures: Fixtures;
}

/**
 * What a portal check sends samples from (D392, D458): an active installation the token may change, of an App that
 * receives events and has a fixtures file; a 409 saying which is missing otherwise.
 */
export async function installationFixtures(
  context: GroundContext,
  principal: Principal,
  installationId: string,
): Promise<InstallationFixtures> {
  const row = await manageableInstallation(context, principal, installationId);
  const app = await withAppTables(context.store.db)
    .selectFrom("apps")
    .select(["id", "slug"])
    .where("id", "=", row.app_id)
    .executeTakeFirstOrThrow();
  const fixtures = await readFixtures(context, app.id);
  if (fixtures === undefined) {
    throw new ServiceError(
      "conflict",
      `The App ${app.slug} has no fixtures file; its author uploads one on the App's page.`,
    );
  }
  const { manifest } = await installedApp(context, row);
  if (!(manifest.capabilities ?? []).includes("receive")) {
    throw new ServiceError("conflict", `The App ${app.slug} receives no events: its manifest does not list receive.`);
  }
  return { row, slug: app.slug, fixtures };
}
