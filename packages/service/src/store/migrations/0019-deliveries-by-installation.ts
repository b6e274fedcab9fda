import type { Kysely, Migration } from "kysely";

/**
 * D457: an installation's deliveries, newest first, a page at a time, read through an index as its inbound events are
 * (`inbound_events_installation`), rather than by walking every installation's newer deliveries; it also serves the
 * cascade when an installation is deleted.
 */
export function deliveriesByInstallationMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("deliveries_installation")
        .on("deliveries")
        .columns(["installation_id", "id"])
        .execute();
    },
  };
}
