import type { AppJson } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import type { Principal } from "../auth/principal.ts";
import type { AppsContext } from "./apps-context.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { fetchListing } from "./fetch-listing.ts";
import { getOwnApp } from "./find-app.ts";
import { refreshApp } from "./refresh-app.ts";
import { showApp } from "./show-app.ts";

/** A1 Refresh of one of the organization's Apps. */
export async function refreshAppBySlug(context: AppsContext, principal: Principal, slug: string): Promise<AppJson> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  const listing = await fetchListing(context, appTarget(context, app));
  return showApp(context, principal, await refreshApp(context.store.db, app, listing, context.now()));
}
