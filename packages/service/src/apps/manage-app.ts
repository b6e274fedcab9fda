import type { AppJson, AppSigningSecret } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import type { Principal } from "../auth/principal.ts";
import type { ServiceContext } from "../service-context.ts";
import { readAppSecrets, rotateAppSecret } from "./app-signing-secret.ts";
import type { AppRow } from "./app-tables.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { fetchListing } from "./fetch-listing.ts";
import { findAppBySlug, getOwnApp } from "./find-app.ts";
import { refreshApp } from "./refresh-app.ts";
import { registerApp } from "./register-app.ts";
import { showApp } from "./show-app.ts";

/** A1: registers the adapter at a base URL as a draft of the principal's organization (fetched again on confirmation). */
export async function registerAppAt(context: ServiceContext, principal: Principal, baseUrl: string): Promise<AppJson> {
  const organizationId = authorizeAppManagement(principal);
  const listing = await fetchListing(context, { baseUrl });
  const app = await registerApp(context.store.db, context.serviceKeys, { organizationId, listing, now: context.now() });
  return showApp(context, principal, app);
}

/** A1 Refresh of one of the organization's Apps. */
export async function refreshAppBySlug(context: ServiceContext, principal: Principal, slug: string): Promise<AppJson> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  const listing = await fetchListing(context, appTarget(context, app));
  return showApp(context, principal, await refreshApp(context.store.db, app, listing, context.now()));
}

/** A3: the App's signing secret as its author sees it. */
export function toSigningSecret(context: ServiceContext, app: AppRow): AppSigningSecret {
  const secrets = readAppSecrets(context.serviceKeys, app, context.now());
  return {
    slug: app.slug,
    secret: secrets.secret,
    created_at: secrets.createdAt,
    previous_secret_expires_at: secrets.previous?.expiresAt ?? null,
  };
}

/** A3: shows, or rotates then shows, the signing secret of one of the organization's Apps. */
export async function signingSecretOf(
  context: ServiceContext,
  principal: Principal,
  slug: string,
  options: { rotate: boolean },
): Promise<AppSigningSecret> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  if (!options.rotate) return toSigningSecret(context, app);
  await rotateAppSecret(context.store.db, context.serviceKeys, app, { now: context.now() });
  return toSigningSecret(context, (await findAppBySlug(context.store.db, slug)) ?? app);
}
