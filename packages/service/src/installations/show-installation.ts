import type { InstallationJson, Manifest } from "@adapterkit/contract";
import type { AppRow } from "../apps/app-tables.ts";
import { getAppVersion } from "../apps/find-app.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import { findCredentialRows } from "../credentials/read-credentials.ts";
import { type InstallationRow, withInstallationTables } from "./installation-tables.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { toInstallationJson } from "./to-installation-json.ts";

/** An installation's App row and the manifest of the version it pins. */
export async function installedApp(
  context: Pick<GroundContext, "store">,
  row: InstallationRow,
): Promise<{ app: AppRow; manifest: Manifest }> {
  const app = await withInstallationTables(context.store.db)
    .selectFrom("apps")
    .selectAll()
    .where("id", "=", row.app_id)
    .executeTakeFirstOrThrow();
  const version = await getAppVersion(context.store.db, app.id, row.app_version);
  return { app, manifest: JSON.parse(version.manifest) as Manifest };
}

/** An installation as the API shows it. */
export async function showInstallation(context: InstallationsContext, row: InstallationRow): Promise<InstallationJson> {
  const { app, manifest } = await installedApp(context, row);
  const keys = (manifest.credentials ?? []).map((definition) => definition.key);
  const rows = await findCredentialRows(context.store.db, installationCredentialScope(row, app), keys);
  const needsReauth = rows
    .filter((credential) => credential.status === "needs_reauth")
    .map((credential) => credential.key);
  return toInstallationJson(row, { slug: app.slug, manifest }, context.publicUrl(), needsReauth);
}
