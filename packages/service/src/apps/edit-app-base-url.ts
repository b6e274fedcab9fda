import type { AppJson } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { withAppTables } from "./app-tables.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { fetchListing } from "./fetch-listing.ts";
import { getOwnApp } from "./find-app.ts";
import { refreshApp } from "./refresh-app.ts";
import { showApp } from "./show-app.ts";

/**
 * Edit of a listing: the adapter moved to another base URL. The manifest is fetched there first and must name the
 * same slug (409 otherwise, as Refresh); a changed manifest becomes the next version. A refused or unreachable URL changes nothing.
 */
export async function editAppBaseUrl(
  context: GroundContext,
  principal: Principal,
  slug: string,
  baseUrl: string,
): Promise<AppJson> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  const listing = await fetchListing(context, { ...appTarget(context, app), baseUrl });
  // Refresh first: it refuses another slug before anything is written, then records a changed manifest.
  const refreshed = await refreshApp(context.store.db, app, listing, context.now());
  const moved = await withAppTables(context.store.db)
    .updateTable("apps")
    .set({ base_url: listing.baseUrl, updated_at: context.now().toISOString() })
    .where("id", "=", refreshed.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return showApp(context, principal, moved);
}
