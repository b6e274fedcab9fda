import type { InstallationJson, Manifest } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import { getAppVersion, getVisibleApp, versionFor } from "../apps/find-app.ts";
import type { Principal } from "../auth/principal.ts";
import { managedCredentialScope } from "../credentials/credential-scope.ts";
import { type CredentialInput, readCredentialInput } from "../credentials/read-credential-input.ts";
import { findCredentialRows } from "../credentials/read-credentials.ts";
import { saveCredential } from "../credentials/save-credential.ts";
import { ServiceError } from "../errors/service-error.ts";
import { createAppSkill } from "../skills/app-skill.ts";
import { insertInstallation } from "./installation-store.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { toInstallationJson } from "./to-installation-json.ts";

/** The body of an install. */
export interface InstallRequest {
  readonly app: string;
  readonly project_id?: number | undefined;
  readonly credentials: CredentialInput;
}

/** A17: an installation belongs to the installing token's project; naming another project is 403. */
function projectOf(principal: Principal, requested: number | undefined): number {
  if (principal.scope.type !== "project" || (requested !== undefined && principal.scope.projectId !== requested)) {
    throw new ServiceError("forbidden", `Project ${requested} is outside this token's scope.`);
  }
  return principal.scope.projectId;
}

/**
 * A4: installs a published App (or the organization's own draft) into the token's project: reads the credentials
 * against the manifest (a key left out uses the record the App's publisher shares in this project, A5, and is named
 * in `credentials_reused`), calls the adapter's `/verify` with them (signed, with the context headers), and only when
 * it says ok stores them sealed and creates the installation, in one transaction. `ok: false` is a 422 carrying the
 * adapter's error.
 */
export async function installApp(
  context: InstallationsContext,
  principal: Principal,
  request: InstallRequest,
): Promise<InstallationJson> {
  const organizationId = authorizeAppManagement(principal);
  const projectId = projectOf(principal, request.project_id);
  const app = await getVisibleApp(context.store.db, principal, request.app);
  const version = await getAppVersion(context.store.db, app.id, versionFor(app, organizationId));
  const manifest = JSON.parse(version.manifest) as Manifest;
  const definitions = manifest.credentials ?? [];
  const scope = managedCredentialScope(principal, app);
  const stored = await findCredentialRows(
    context.store.db,
    scope,
    definitions.map((d) => d.key),
  );
  const given = readCredentialInput(definitions, request.credentials, new Set(stored.map((row) => row.key)));
  const reused = stored.filter((row) => !given.has(row.key)).map((row) => row.key);
  let verifiedUser: string | null = null;
  if (definitions.length > 0) {
    const credentials = await resolveCredentials(context, { scope, definitions }, given);
    const target = appTarget(context, app, { organizationId, projectId });
    const verdict = await callAdapter(context, target, "verify", (client) => client.verify({ credentials }));
    if (!verdict.ok)
      throw new ServiceError("verification_failed", `The adapter refused the credentials: ${verdict.error}`);
    verifiedUser = verdict.user;
  }
  const now = context.now();
  const row = await context.store.db.transaction().execute(async (trx) => {
    for (const [key, fields] of given) {
      const type = definitions.find((definition) => definition.key === key)?.type ?? "text";
      await saveCredential(trx, context.serviceKeys, { ...scope, key, type, fields, now });
    }
    const installed = await insertInstallation(trx, {
      organizationId,
      projectId,
      appId: app.id,
      appVersion: version.version,
      verifiedUser,
      now,
    });
    // A13: the App's Skill is created with it, or neither is.
    await createAppSkill(trx, {
      manifest,
      organizationId,
      projectId: installed.project_id,
      installationId: installed.id,
      now,
    });
    return installed;
  });
  const json = toInstallationJson(row, { slug: app.slug, manifest }, context.publicUrl());
  return { ...json, credentials_reused: reused.sort() };
}
