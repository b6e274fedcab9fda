import type { Kysely, Migration } from "kysely";

/**
 * D391: when an App's author last saw its signing secret (shown or rotated, on the portal or through the API), so the
 * App's getting-started checklist can tick its first step. Null until then, as for every App registered before.
 */
export function signingSecretShownMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("apps").addColumn("signing_secret_shown_at", "text").execute();
    },
  };
}
