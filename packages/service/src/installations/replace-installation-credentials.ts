import type { InstallationActionNeeded, InstallationJson, Manifest } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import { getAppVersion } from "../apps/find-app.ts";
import type { Principal } from "../auth/principal.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import { type CredentialInput, readCredentialInput } from "../credentials/read-credential-input.ts";
import { findCredentialRows } from "../credentials/read-credentials.ts";
import { saveCredential } from "../credentials/save-credential.ts";
import { ServiceError } from "../errors/service-error.ts";
import { manageableInstallation } from "./installation-access.ts";
import { type InstallationRow, withInstallationTables } from "./installation-tables.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { installedApp, showInstallation } from "./show-installation.ts";

/** The version whose manifest the new credentials are read against: the one an upgrade held it back from, if any. */
export function targetVersionOf(row: InstallationRow): number {
  if (row.action_needed === null) return row.app_version;
  const mark = JSON.parse(row.action_needed) as InstallationActionNeeded;
  return Math.max(mark.version, row.app_version);
}

/**
 * D560 Credentials changed in place: reads the given credentials against the manifest of the version the installation
 * is on, or of the version an upgrade held it back from (D453); keys left out keep their stored record. The adapter's
 * `/verify` judges the result as the installation's organization and project; a refusal is 422 naming the keys given
 * and changes nothing. Kept, they replace the records of the installation's scope (A5: its publisher's Apps in its
 * project share them), and a held-back installation moves to that version at once, its mark cleared. Its id and
 * inbound URL never change.
 */
export async function replaceInstallationCredentials(
  context: InstallationsContext,
  principal: Principal,
  id: string,
  input: CredentialInput,
): Promise<InstallationJson> {
  const row = await manageableInstallation(context, principal, id);
  const { app } = await installedApp(context, row);
  const version = targetVersionOf(row);
  const manifest = JSON.parse((await getAppVersion(context.store.db, app.id, version)).manifest) as Manifest;
  const definitions = manifest.credentials ?? [];
  const scope = installationCredentialScope(row, app);
  const stored = await findCredentialRows(
    context.store.db,
    scope,
    definitions.map((definition) => definition.key),
  );
  const given = readCredentialInput(definitions, input, new Set(stored.map((credential) => credential.key)));
  let verifiedUser = row.verified_user;
  if (definitions.length > 0) {
    const credentials = await resolveCredentials(context, { scope, definitions }, given);
    const target = appTarget(context, app, { organizationId: row.organization_id, projectId: row.project_id });
    const verdict = await callAdapter(context, target, "verify", (client) => client.verify({ credentials }));
    if (!verdict.ok) throw refusal([...given.keys()], verdict.error);
    verifiedUser = verdict.user;
  }
  const now = context.now();
  const at = now.toISOString();
  const updated = await context.store.db.transaction().execute(async (trx) => {
    for (const [key, fields] of given) {
      const type = definitions.find((definition) => definition.key === key)?.type ?? "text";
      await saveCredential(trx, context.serviceKeys, { ...scope, key, type, fields, now });
    }
    const moves = version !== row.app_version;
    return withInstallationTables(trx)
      .updateTable("installations")
      .set({
        verified_user: verifiedUser,
        updated_at: at,
        ...(moves ? { app_version: version, previous_version: row.app_version, action_needed: null } : {}),
      })
      .where("id", "=", row.id)
      .where("app_version", "=", row.app_version)
      .returningAll()
      .executeTakeFirst();
  });
  // A concurrent upgrade or move back changed the version meanwhile: the credentials are kept, the move is its.
  return showInstallation(context, updated ?? (await manageableInstallation(context, principal, id)));
}

function refusal(keys: readonly string[], error: string): ServiceError {
  const named = keys.length === 0 ? "the stored credentials" : keys.join(", ");
  const message = `The adapter's /verify refused ${named}: ${error}. The credentials stored before are kept.`;
  const errors = keys.map((key) => ({ path: `/credentials/${key}`, message: `refused by the adapter: ${error}` }));
  return new ServiceError("verification_failed", message, errors.length === 0 ? {} : { errors });
}
