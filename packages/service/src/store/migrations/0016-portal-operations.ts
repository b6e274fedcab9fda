import type { Kysely, Migration } from "kysely";

/**
 * The portal's operating columns: when an App's author last saw its signing secret (D391: the getting-started
 * checklist's first step; null until then, as for every App registered before), and whether an inbound event was a
 * test sent from the installation's page (D392: 0 for every event a platform sent).
 */
export function portalOperationsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("apps").addColumn("signing_secret_shown_at", "text").execute();
      await db.schema
        .alterTable("inbound_events")
        .addColumn("is_test", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
