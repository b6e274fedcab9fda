import type { Credentials, Manifest } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import type { AdapterTarget } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import { withAppTables } from "../apps/app-tables.ts";
import { getAppVersion } from "../apps/find-app.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import type { InstallationRow } from "../installations/installation-tables.ts";

/** How a source's adapter is called: the App's target and the installation's credentials, opened. */
export interface SyncTarget {
  readonly target: AdapterTarget;
  readonly credentials: Credentials;
}

/** The adapter target and credentials of an installation, at its pinned App version. */
export async function syncTarget(
  context: Pick<GroundContext, "store" | "serviceKeys" | "now" | "outbound" | "logger">,
  installation: InstallationRow,
): Promise<SyncTarget> {
  const app = await withAppTables(context.store.db)
    .selectFrom("apps")
    .selectAll()
    .where("id", "=", installation.app_id)
    .executeTakeFirstOrThrow();
  const version = await getAppVersion(context.store.db, app.id, installation.app_version);
  const definitions = (JSON.parse(version.manifest) as Manifest).credentials ?? [];
  const organizationId = installation.organization_id;
  return {
    target: appTarget(context, app, { organizationId, projectId: installation.project_id }),
    credentials: await resolveCredentials(context, {
      scope: installationCredentialScope(installation, app),
      definitions,
    }),
  };
}
