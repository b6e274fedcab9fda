import type { AppPreview } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { AppsContext } from "./apps-context.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { fetchListing, toPreview } from "./fetch-listing.ts";
import { findAppBySlug } from "./find-app.ts";

/** A1: what registering this base URL would create, with every problem found; creates nothing. */
export async function previewApp(context: AppsContext, principal: Principal, baseUrl: string): Promise<AppPreview> {
  authorizeAppManagement(principal);
  const listing = await fetchListing(context, { baseUrl });
  return toPreview(listing, (await findAppBySlug(context.store.db, listing.slug)) !== undefined);
}
