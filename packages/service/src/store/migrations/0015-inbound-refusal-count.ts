import { type Kysely, type Migration, sql } from "kysely";

/**
 * D355: how many deliveries an inbound event row stands for (1, or more for the row that counts a minute's refused
 * signatures past the ones kept), and the partial index that finds a minute's refusals of an installation without
 * touching any other event.
 */
export function inboundRefusalCountMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("inbound_events")
        .addColumn("event_count", "integer", (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex("inbound_events_refusals")
        .on("inbound_events")
        .columns(["installation_id", "received_at"])
        .where(sql.ref("outcome"), "=", "rejected_signature")
        .execute();
    },
  };
}
