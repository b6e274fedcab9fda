import type { InstallationJson } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import type { Principal } from "../auth/principal.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import { ServiceError } from "../errors/service-error.ts";
import { getInstallationToChange } from "../installations/get-installation-to-change.ts";
import { withInstallationTables } from "../installations/installation-tables.ts";
import { installedApp, showInstallation } from "../installations/show-installation.ts";
import type { OAuthContext } from "./oauth-context.ts";

/**
 * Calls an installation's adapter `/verify` with the organization's stored credentials, refreshed first when they
 * are OAuth tokens about to expire (A6), and records who they belong to; `ok: false` is a 422 with its error.
 */
export async function verifyInstallation(
  context: OAuthContext,
  principal: Principal,
  id: string,
): Promise<InstallationJson> {
  const row = await getInstallationToChange(context, principal, id);
  const organizationId = row.organization_id;
  if (row.state !== "active") throw new ServiceError("conflict", `Installation ${id} is uninstalled.`);
  const { app, manifest } = await installedApp(context, row);
  const definitions = manifest.credentials ?? [];
  const scope = installationCredentialScope(row, app);
  const credentials = await resolveCredentials(context, { scope, definitions });
  const target = appTarget(context, app, { organizationId, projectId: row.project_id });
  const verdict = await callAdapter(context, target, "verify", (client) => client.verify({ credentials }));
  if (!verdict.ok)
    throw new ServiceError("verification_failed", `The adapter refused the credentials: ${verdict.error}`);
  const updated = await withInstallationTables(context.store.db)
    .updateTable("installations")
    .set({ verified_user: verdict.user, updated_at: context.now().toISOString() })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return showInstallation(context, updated);
}
