import type { AppJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { withAppTables } from "./app-tables.ts";
import { versionFor } from "./find-app.ts";
import { toAppJson } from "./to-app-json.ts";

/** Which Apps a page lists: the organization's own (any state), or the published ones (the marketplace). */
export type AppPageScope = "own" | "published";

/** One page of Apps, by slug, and how many there are in all. */
export interface AppPage {
  readonly items: AppJson[];
  readonly total: number;
}

/** A page of the Apps the principal sees in this scope, each as `GET /api/v1/apps/{slug}` shows it (showApp). */
export async function listAppPage(
  context: GroundContext,
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
  // One query for the page's versions (each as showApp picks it), not one per App.
  const wanted = rows.map((row) => versionFor(row, principal.organizationId));
  const versions =
    rows.length === 0
      ? []
      : await db
          .selectFrom("app_versions")
          .selectAll()
          .where(
            "app_id",
            "in",
            rows.map((row) => row.id),
          )
          .where("version", "in", [...new Set(wanted)])
          .execute();
  const items = rows.map((row, index) => {
    const version = versions.find((candidate) => candidate.app_id === row.id && candidate.version === wanted[index]);
    if (version === undefined) throw new Error(`App ${row.slug} has no version ${wanted[index]}`);
    return toAppJson(row, version, context.adapterCalls.of(row.id));
  });
  return { items, total: Number(count.n) };
}
