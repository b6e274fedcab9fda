import { SLUG_PATTERN } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { type AppRow, type AppVersionRow, withAppTables } from "./app-tables.ts";

/**
 * An App by slug, or undefined; a string that is no slug never reaches the database (a path's `%00` would make
 * PostgreSQL refuse the query: a 500 the attack suite found).
 */
export async function findAppBySlug(db: Kysely<Database>, slug: string): Promise<AppRow | undefined> {
  if (!SLUG_PATTERN.test(slug)) return undefined;
  return withAppTables(db).selectFrom("apps").selectAll().where("slug", "=", slug).executeTakeFirst();
}

/** Whether an organization may see (and install) an App: its author always, others once it is published. */
export function isVisibleTo(app: AppRow, organizationId: number): boolean {
  return app.organization_id === organizationId || app.published_version !== null;
}

/** An App the principal can see (404 otherwise, the same answer as for an unknown slug). */
export async function getVisibleApp(db: Kysely<Database>, principal: Principal, slug: string): Promise<AppRow> {
  const app = await findAppBySlug(db, slug);
  if (app === undefined || !isVisibleTo(app, principal.organizationId)) {
    throw new ServiceError("not_found", `No App ${slug}.`);
  }
  return app;
}

/** An App the principal's organization authored (404 for any other, so others' drafts stay unseen). */
export async function getOwnApp(db: Kysely<Database>, principal: Principal, slug: string): Promise<AppRow> {
  const app = await findAppBySlug(db, slug);
  if (app === undefined || app.organization_id !== principal.organizationId) {
    throw new ServiceError("not_found", `No App ${slug} of this organization.`);
  }
  return app;
}

/** One stored version of an App. */
export async function getAppVersion(db: Kysely<Database>, appId: number, version: number): Promise<AppVersionRow> {
  return withAppTables(db)
    .selectFrom("app_versions")
    .selectAll()
    .where("app_id", "=", appId)
    .where("version", "=", version)
    .executeTakeFirstOrThrow();
}

/** The version an organization sees and installs: the author its latest, others the published one (A1). */
export function versionFor(app: AppRow, organizationId: number): number {
  if (app.organization_id === organizationId || app.published_version === null) return app.latest_version;
  return app.published_version;
}
