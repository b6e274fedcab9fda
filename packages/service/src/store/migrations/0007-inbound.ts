import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** The front desk (A11): contacts and their addresses per App, templates, and the durable outbox of replies. */
async function frontDeskTables(db: Kysely<unknown>, id: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) {
  await db.schema
    .createTable("contacts")
    .addColumn("id", "integer", id)
    .addColumn("organization_id", "integer", cascadeTo("organizations"))
    .addColumn("name", "text", required)
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema
    .createTable("contact_addresses")
    .addColumn("organization_id", "integer", required)
    .addColumn("app_id", "integer", cascadeTo("apps"))
    .addColumn("address", "text", required)
    .addColumn("contact_id", "integer", cascadeTo("contacts"))
    .addPrimaryKeyConstraint("contact_addresses_pk", ["organization_id", "app_id", "address"])
    .execute();
  await db.schema
    .createTable("front_desk_templates")
    .addColumn("installation_id", "text", (col) => col.primaryKey().references("installations.id").onDelete("cascade"))
    .addColumn("template", "text", required)
    .addColumn("updated_at", "text", required)
    .execute();
  await db.schema
    .createTable("deliveries")
    .addColumn("id", "integer", id)
    .addColumn("installation_id", "text", cascadeTo("installations"))
    .addColumn("contact_id", "integer", (col) => col.references("contacts.id").onDelete("set null"))
    .addColumn("inbound_event_id", "integer")
    .addColumn("channel_address", "text", required)
    .addColumn("thread_id", "text")
    .addColumn("text", "text", required)
    .addColumn("status", "text", required)
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", required)
    .addColumn("message_id", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", required)
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("deliveries_due").on("deliveries").columns(["status", "next_attempt_at"]).execute();
}

/**
 * The inbound pipeline (A9): the event log, the dedup keys per installation (a primary key, so two deliveries of
 * one event cannot both pass, on any number of instances), and app-event triggers keyed by the opaque installation
 * id (0001 made the column an integer before installations had string ids); and the front desk's tables.
 */
export function inboundMigration(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  const installation = cascadeTo("installations");

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex("triggers_app_event").execute();
      await db.schema.alterTable("triggers").dropColumn("app_installation_id").execute();
      await db.schema.alterTable("triggers").addColumn("app_installation_id", "text").execute();
      await db.schema
        .createIndex("triggers_app_event")
        .on("triggers")
        .columns(["app_installation_id", "event_type"])
        .execute();
      await db.schema
        .createTable("inbound_events")
        .addColumn("id", "integer", id)
        .addColumn("installation_id", "text", installation)
        .addColumn("received_at", "text", required)
        .addColumn("outcome", "text", required)
        .addColumn("event_type", "text")
        .addColumn("sender", "text")
        .addColumn("dedup_key", "text")
        .addColumn("thread_id", "text")
        .addColumn("workflow_run_ids", "text")
        .addColumn("detail", "text")
        .execute();
      await db.schema
        .createIndex("inbound_events_installation")
        .on("inbound_events")
        .columns(["installation_id", "id"])
        .execute();
      await db.schema.createIndex("inbound_events_received_at").on("inbound_events").column("received_at").execute();
      await db.schema
        .createTable("inbound_dedup")
        .addColumn("installation_id", "text", installation)
        .addColumn("dedup_key", "text", required)
        .addColumn("received_at", "text", required)
        .addPrimaryKeyConstraint("inbound_dedup_pk", ["installation_id", "dedup_key"])
        .execute();
      await db.schema.createIndex("inbound_dedup_received_at").on("inbound_dedup").column("received_at").execute();
      await frontDeskTables(db, id);
    },
  };
}
