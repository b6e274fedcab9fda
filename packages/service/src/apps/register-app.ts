import type { Kysely } from "kysely";
import type { SealingKey } from "../auth/secret-box.ts";
import { ServiceError } from "../errors/service-error.ts";
import { type Database, isUniqueViolation } from "../store/index.ts";
import { generateAppSecret, sealAppSecret } from "./app-signing-secret.ts";
import { type AppRow, withAppTables } from "./app-tables.ts";
import type { FetchedListing } from "./fetch-listing.ts";

/**
 * A1: creates a draft App owned by the organization from a listing fetched on confirmation, with version 1 and a
 * fresh signing secret (A3), in one transaction. A taken slug is a 409 (slugs are unique on the instance).
 */
export async function registerApp(
  db: Kysely<Database>,
  keys: SealingKey,
  input: {
    organizationId: number;
    /** D584: the registering project, which alone manages the App; null for one any project manages (local demos). */
    projectId: number | null;
    listing: FetchedListing;
    now: Date;
    signingSecret?: string | undefined;
  },
): Promise<AppRow> {
  const { listing } = input;
  const at = input.now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const app = await withAppTables(trx)
        .insertInto("apps")
        .values({
          organization_id: input.organizationId,
          project_id: input.projectId,
          slug: listing.slug,
          base_url: listing.baseUrl,
          state: "draft",
          latest_version: 1,
          published_version: null,
          review_report: null,
          signing_secret_enc: sealAppSecret(keys, listing.slug, input.signingSecret ?? generateAppSecret()),
          signing_secret_created_at: at,
          previous_signing_secret_enc: null,
          previous_signing_expires_at: null,
          health_version: listing.health?.version ?? null,
          health_checked_at: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await withAppTables(trx)
        .insertInto("app_versions")
        .values({ app_id: app.id, version: 1, manifest: listing.json, manifest_sha256: listing.sha256, created_at: at })
        .execute();
      return app;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError("conflict", `An App with the slug ${listing.slug} exists.`);
    throw error;
  }
}
