import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { type AppRow, withAppTables } from "./app-tables.ts";
import type { FetchedListing } from "./fetch-listing.ts";
import { getAppVersion } from "./find-app.ts";

/**
 * A1 Refresh: a manifest that changed becomes the next version (the published one keeps serving installations until
 * a review publishes the new one); an unchanged one adds nothing; a changed slug is refused with 409.
 */
export async function refreshApp(
  db: Kysely<Database>,
  app: AppRow,
  listing: FetchedListing,
  now: Date,
): Promise<AppRow> {
  if (listing.slug !== app.slug) {
    throw new ServiceError(
      "conflict",
      `The manifest now says slug ${listing.slug}; the slug of App ${app.slug} never changes.`,
    );
  }
  const latest = await getAppVersion(db, app.id, app.latest_version);
  if (latest.manifest_sha256 === listing.sha256) return app;
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const version = app.latest_version + 1;
    await withAppTables(trx)
      .insertInto("app_versions")
      .values({ app_id: app.id, version, manifest: listing.json, manifest_sha256: listing.sha256, created_at: at })
      .execute();
    return withAppTables(trx)
      .updateTable("apps")
      .set({ latest_version: version, updated_at: at })
      .where("id", "=", app.id)
      .where("latest_version", "=", app.latest_version)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
