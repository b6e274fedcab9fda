import type { Manifest } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import type { Principal } from "../auth/principal.ts";
import { type CredentialInput, readCredentialInput } from "../credentials/read-credential-input.ts";
import { findCredentialRows } from "../credentials/read-credentials.ts";
import type { ServiceContext } from "../service-context.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { fetchListing } from "./fetch-listing.ts";
import { getAppVersion, getOwnApp } from "./find-app.ts";

/** The outcome of the portal's Verify: the adapter's verdict, or what kept it from being asked. */
export type AppVerification = { ok: true; user: string | null } | { ok: false; error: string };

/**
 * SPEC "portal Verify": the adapter must answer /health with 2xx and `ready`, and serve the manifest the App's latest
 * version holds; then its /verify judges the credentials given (the organization's stored record fills keys left out).
 * Nothing is stored. A credentials form that misses a required field is a 400 naming it.
 */
export async function verifyAppCredentials(
  context: ServiceContext,
  principal: Principal,
  slug: string,
  input: CredentialInput,
): Promise<AppVerification> {
  const organizationId = authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  const version = await getAppVersion(context.store.db, app.id, app.latest_version);
  const manifest = JSON.parse(version.manifest) as Manifest;
  const definitions = (manifest.credentials ?? []).filter((definition) => definition.type !== "oauth2");
  const stored = await findCredentialRows(
    context.store.db,
    organizationId,
    definitions.map((definition) => definition.key),
  );
  const given = readCredentialInput(definitions, input, new Set(stored.map((row) => row.key)));
  const target = appTarget(context, app, { organizationId, projectId: null });
  const listing = await fetchListing(context, target);
  if (listing.health === null) {
    return { ok: false, error: `The adapter's /health failed: ${listing.problems.join("; ")}` };
  }
  if (listing.health.status !== "ready") {
    return { ok: false, error: `The adapter's /health says ${listing.health.status}, not ready.` };
  }
  if (listing.sha256 !== version.manifest_sha256) {
    return { ok: false, error: "The adapter serves a manifest other than the App's latest version; Refresh first." };
  }
  if (definitions.length === 0) return { ok: true, user: null };
  const credentials = await resolveCredentials(context, { organizationId, definitions }, given);
  const verdict = await callAdapter(context, target, "verify", (client) => client.verify({ credentials }));
  return verdict.ok ? { ok: true, user: verdict.user } : { ok: false, error: verdict.error };
}
