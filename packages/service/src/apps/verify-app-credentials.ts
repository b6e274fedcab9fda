import type { Manifest } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import type { Principal } from "../auth/principal.ts";
import { managedCredentialScope } from "../credentials/credential-scope.ts";
import { type CredentialInput, readCredentialInput } from "../credentials/read-credential-input.ts";
import { findCredentialRows } from "../credentials/read-credentials.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { AppsContext } from "./apps-context.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { type FetchedListing, fetchListing } from "./fetch-listing.ts";
import { getAppVersion, getOwnApp } from "./find-app.ts";

/** Why the adapter may not be asked about credentials yet, or undefined when it may. */
function whyUnfit(listing: FetchedListing, manifestSha256: string): string | undefined {
  if (listing.health === null) return `The adapter's /health failed: ${listing.problems.join("; ")}`;
  if (listing.health.status !== "ready") return `The adapter's /health says ${listing.health.status}, not ready.`;
  if (listing.sha256 !== manifestSha256) {
    return "The adapter serves a manifest other than the App's latest version; Refresh first.";
  }
  return undefined;
}

/**
 * The portal's Verify (contract.md#portal-verify), and its API twin `POST /api/v1/apps/{slug}/verify`: the adapter must
 * answer /health with 2xx and `ready`, and serve the manifest the App's latest version holds; then its /verify judges
 * the credentials given (the organization's stored record fills keys left out). Nothing is stored. Resolves to who the
 * credentials belong to (null when the App declares none); a refusal, or an adapter not fit to be asked, is 422
 * `verification_failed` saying which; credentials that miss a required field are 400 naming it.
 */
export async function verifyAppCredentials(
  context: AppsContext,
  principal: Principal,
  slug: string,
  input: CredentialInput,
): Promise<{ user: string | null }> {
  const organizationId = authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  const scope = managedCredentialScope(principal, app);
  const version = await getAppVersion(context.store.db, app.id, app.latest_version);
  const manifest = JSON.parse(version.manifest) as Manifest;
  const definitions = (manifest.credentials ?? []).filter((definition) => definition.type !== "oauth2");
  const stored = await findCredentialRows(
    context.store.db,
    scope,
    definitions.map((definition) => definition.key),
  );
  const given = readCredentialInput(definitions, input, new Set(stored.map((row) => row.key)));
  const target = appTarget(context, app, { organizationId, projectId: null });
  const listing = await fetchListing(context, target);
  const unfit = whyUnfit(listing, version.manifest_sha256);
  if (unfit !== undefined) throw new ServiceError("verification_failed", unfit);
  if (definitions.length === 0) return { user: null };
  const credentials = await resolveCredentials(context, { scope, definitions }, given);
  const verdict = await callAdapter(context, target, "verify", (client) => client.verify({ credentials }));
  if (!verdict.ok)
    throw new ServiceError("verification_failed", `The adapter refused the credentials: ${verdict.error}`);
  return { user: verdict.user };
}
