import type { AppJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { AppsContext } from "./apps-context.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { fetchListing } from "./fetch-listing.ts";
import { registerApp } from "./register-app.ts";
import { showApp } from "./show-app.ts";

/** A1: registers the adapter at a base URL as a draft of the principal's organization (fetched again on confirmation). */
export async function registerAppAt(context: AppsContext, principal: Principal, baseUrl: string): Promise<AppJson> {
  const organizationId = authorizeAppManagement(principal);
  const listing = await fetchListing(context, { baseUrl });
  const projectId = principal.scope.type === "project" ? principal.scope.projectId : null;
  const app = await registerApp(context.store.db, context.serviceKeys, {
    organizationId,
    projectId,
    listing,
    now: context.now(),
  });
  return showApp(context, principal, app);
}
