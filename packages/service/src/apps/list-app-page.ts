import type { AppJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { ServiceContext } from "../service-context.ts";
import { withAppTables } from "./app-tables.ts";
import { showApp } from "./show-app.ts";

/** Which Apps a page lists: the organization's own (any state), or the published ones (the marketplace). */
export type AppPageScope = "own" | "published";

/** One page of Apps, by slug, and how many there are in all. */
export interface AppPage {
  readonly items: AppJson[];
  readonly total: number;
}

/** A page of the Apps the principal sees in this scope, each shown as `GET /api/v1/apps/{slug}` shows it. */
export async function listAppPage(
  context: ServiceContext,
  principal: Principal,
  options: { scope: AppPageScope; offset: number; limit: number },
): Promise<AppPage> {
  const db = withAppTables(context.store.db);
  const scoped = db
    .selectFrom("apps")
    .where((eb) =>
      options.scope === "own"
        ? eb("organization_id", "=", principal.organizationId)
        : eb("published_version", "is not", null),
    );
  const [rows, count] = await Promise.all([
    scoped.selectAll().orderBy("slug").limit(options.limit).offset(options.offset).execute(),
    scoped.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const items = await Promise.all(rows.map((row) => showApp(context, principal, row)));
  return { items, total: Number(count.n) };
}
