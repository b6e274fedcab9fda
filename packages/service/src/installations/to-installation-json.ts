import type { InstallationActionNeeded, InstallationJson, Manifest } from "@adapterkit/contract";
import type { InstallationRow } from "./installation-tables.ts";

/** The API's view of an installation; `inbound_url` is where the platform posts its events (D27). */
export function toInstallationJson(
  row: InstallationRow,
  app: { slug: string; manifest: Pick<Manifest, "credentials"> },
  publicUrl: string,
  needsReauth: readonly string[] = [],
): InstallationJson {
  return {
    id: row.id,
    app: app.slug,
    app_version: row.app_version,
    organization_id: row.organization_id,
    project_id: row.project_id,
    state: row.state,
    front_desk: row.front_desk === 1,
    verified_user: row.verified_user,
    inbound_url: `${publicUrl.replace(/\/+$/, "")}/api/v1/apps/${row.id}/inbound`,
    credential_keys: (app.manifest.credentials ?? []).map((definition) => definition.key),
    needs_reauth: [...needsReauth],
    previous_version: row.previous_version,
    action_needed: row.action_needed === null ? null : (JSON.parse(row.action_needed) as InstallationActionNeeded),
    created_at: row.created_at,
    updated_at: row.updated_at,
    uninstalled_at: row.uninstalled_at,
  };
}
