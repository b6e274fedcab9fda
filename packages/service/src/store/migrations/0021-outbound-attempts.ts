import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** The columns every attempt record has, for a callback's and a reply's table alike (D510). */
async function attemptTable(db: Kysely<unknown>, table: string, parent: string, id: ReturnType<typeof idColumn>) {
  await db.schema
    .createTable(table)
    .addColumn("id", "integer", id)
    .addColumn("delivery_id", "integer", cascadeTo(parent))
    .addColumn("attempt", "integer", required)
    .addColumn("started_at", "text", required)
    .addColumn("latency_ms", "integer", required)
    .addColumn("http_status", "integer")
    .addColumn("error_class", "text")
    .addColumn("error", "text")
    .addColumn("excerpt", "text")
    .addColumn("excerpt_truncated", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("outcome", "text", required)
    .execute();
  await db.schema.createIndex(`${table}_delivery`).on(table).columns(["delivery_id", "attempt"]).execute();
  await db.schema.createIndex(`${table}_started_at`).on(table).column("started_at").execute();
}

/** Where a resend came from and the Idempotency-Key it was sent with, one resend per key and delivery (D514). */
async function resendColumns(db: Kysely<unknown>, table: string) {
  await db.schema.alterTable(table).addColumn("resent_from", "integer").execute();
  await db.schema.alterTable(table).addColumn("resend_key", "text").execute();
  await db.schema
    .createIndex(`${table}_resend_key`)
    .on(table)
    .columns(["resent_from", "resend_key"])
    .unique()
    .execute();
}

/**
 * Issue 33's outbound records (D510): one row per attempt of a callback (`callback_attempts`) and of a front-desk
 * reply (`reply_attempts`), deleted with their delivery; and the resend's origin and key on both outboxes.
 */
export function outboundAttemptsMigration(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await attemptTable(db, "callback_attempts", "callback_deliveries", id);
      await attemptTable(db, "reply_attempts", "deliveries", id);
      await resendColumns(db, "callback_deliveries");
      await resendColumns(db, "deliveries");
    },
  };
}
