import type { Kysely, Migration } from "kysely";

/**
 * An inbound event as a record (D520): the request as it arrived (redacted, its body bounded), the message the adapter
 * answered (within the contract's limits), the adapter calls made, a one-line excerpt the log lists without reading the message, what it is a replay of, and its size, which the
 * per-installation budget counts. A replay is found again by the event it resends and its Idempotency-Key.
 */
export function inboundEventRecordsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = () => db.schema.alterTable("inbound_events");
      await table().addColumn("message", "text").execute();
      await table().addColumn("excerpt", "text").execute();
      await table().addColumn("request", "text").execute();
      await table().addColumn("adapter_calls", "text").execute();
      await table().addColumn("replay_of", "integer").execute();
      await table().addColumn("replay_key", "text").execute();
      await table()
        .addColumn("stored_bytes", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("inbound_events_replay")
        .on("inbound_events")
        .columns(["replay_of", "replay_key"])
        .execute();
    },
  };
}
