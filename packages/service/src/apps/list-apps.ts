import type { AppJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import { withAppTables } from "./app-tables.ts";
import type { AppsContext } from "./apps-context.ts";
import { showApp } from "./show-app.ts";

/** The organization's Apps in any state and every published App, by slug. */
export async function listApps(context: AppsContext, principal: Principal): Promise<AppJson[]> {
  const apps = await withAppTables(context.store.db)
    .selectFrom("apps")
    .selectAll()
    .where((eb) =>
      eb.or([eb("organization_id", "=", principal.organizationId), eb("published_version", "is not", null)]),
    )
    .orderBy("slug")
    .execute();
  return Promise.all(apps.map((app) => showApp(context, principal, app)));
}
