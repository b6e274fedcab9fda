import type { Manifest, ProblemIssue } from "@adapterkit/contract";
import type { AppRow } from "../../apps/app-tables.ts";
import { getAppVersion } from "../../apps/find-app.ts";
import type { GroundContext } from "../../context/ground-context.ts";
import { installationCredentialScope } from "../../credentials/credential-scope.ts";
import { findCredentialRows } from "../../credentials/read-credentials.ts";
import type { InstallationRow } from "../../installations/installation-tables.ts";
import { targetVersionOf } from "../../installations/replace-installation-credentials.ts";
import { type CredentialFieldView, credentialFieldsOf } from "../credential-form.ts";

/** The installation page's credentials form: the fields of the version it is on, or of the one it was held back from. */
export interface CredentialFormView {
  readonly version: number;
  readonly fields: readonly CredentialFieldView[];
  readonly oauth: boolean;
}

/** D560: the form's fields, each with the manifest's label and help, a stored key's left blank to keep it. */
export async function credentialFormOf(
  context: Pick<GroundContext, "store">,
  row: InstallationRow,
  app: AppRow,
  issues: readonly ProblemIssue[] = [],
): Promise<CredentialFormView> {
  const version = targetVersionOf(row);
  const manifest = JSON.parse((await getAppVersion(context.store.db, app.id, version)).manifest) as Manifest;
  const definitions = manifest.credentials ?? [];
  const stored = await findCredentialRows(
    context.store.db,
    installationCredentialScope(row, app),
    definitions.map((definition) => definition.key),
  );
  const storedKeys = new Set(stored.map((credential) => credential.key));
  return {
    version,
    fields: credentialFieldsOf(definitions, issues, storedKeys),
    oauth: definitions.some((definition) => definition.type === "oauth2"),
  };
}
