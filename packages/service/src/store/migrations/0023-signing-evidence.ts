import type { Kysely, Migration } from "kysely";

/**
 * D590: what the service has seen of an App's signing secret on its adapter: when it last saw the adapter refuse an
 * unsigned call and accept one signed with the App's secret (a review's `security.unsigned-rejected`, or the App
 * page's signing check), and what saw it (`review 12`, `signing check`). Null until then, as for every App before.
 */
export function signingEvidenceMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("apps").addColumn("signing_verified_at", "text").execute();
      await db.schema.alterTable("apps").addColumn("signing_verified_by", "text").execute();
    },
  };
}
