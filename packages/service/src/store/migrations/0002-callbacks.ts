import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** D25: per-organization signing secrets, the callback outbox and the receiver's record. */
export function callbacksMigration(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  const organization = cascadeTo("organizations");

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("callback_secrets")
        .addColumn("organization_id", "integer", (col) => organization(col).primaryKey())
        .addColumn("secret_enc", "text", required)
        .addColumn("created_at", "text", required)
        .execute();
      await db.schema
        .createTable("callback_deliveries")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", organization)
        // No foreign key: the record of a delivery outlives the run it reported.
        .addColumn("workflow_run_id", "integer", required)
        .addColumn("event_type", "text", required)
        .addColumn("url", "text", required)
        .addColumn("webhook_id", "text", (col) => col.notNull().unique())
        .addColumn("payload", "text", required)
        .addColumn("status", "text", required)
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text")
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", required)
        .addColumn("finished_at", "text")
        .execute();
      await db.schema
        .createIndex("callback_deliveries_due")
        .on("callback_deliveries")
        .columns(["status", "next_attempt_at"])
        .execute();
      await db.schema
        .createIndex("callback_deliveries_run")
        .on("callback_deliveries")
        .column("workflow_run_id")
        .execute();
      await db.schema
        .createTable("received_callbacks")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", organization)
        .addColumn("webhook_id", "text", required)
        .addColumn("event_type", "text", required)
        .addColumn("payload", "text", required)
        .addColumn("received_at", "text", required)
        // Standard Webhooks: a redelivery carries the same webhook-id and is recorded once.
        .addUniqueConstraint("received_callbacks_message", ["organization_id", "webhook_id"])
        .execute();
    },
  };
}
