import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** A12: each installation's document source (its cursor and sync lease), its documents and its syncs; A13: Skills. */
export function sourcesMigration(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  const installation = cascadeTo("installations");
  const zero = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("sources")
        .addColumn("installation_id", "text", (col) =>
          col.primaryKey().references("installations.id").onDelete("cascade"),
        )
        .addColumn("resource_path", "text", required)
        .addColumn("cursor", "text")
        .addColumn("next_sync_at", "text", required)
        .addColumn("lease_owner", "text")
        .addColumn("lease_expires_at", "text")
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .execute();
      await db.schema.createIndex("sources_due").on("sources").column("next_sync_at").execute();
      await db.schema
        .createTable("source_documents")
        .addColumn("id", "integer", id)
        .addColumn("installation_id", "text", installation)
        .addColumn("path", "text", required)
        .addColumn("fingerprint", "text", required)
        .addColumn("content_type", "text", required)
        .addColumn("size", "integer", required)
        .addColumn("content", dialect === "sqlite" ? "blob" : "bytea", required)
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .addUniqueConstraint("source_documents_path", ["installation_id", "path"])
        .execute();
      await db.schema
        .createTable("source_syncs")
        .addColumn("id", "integer", id)
        .addColumn("installation_id", "text", installation)
        .addColumn("reason", "text", required)
        .addColumn("state", "text", required)
        .addColumn("pages", "integer", zero)
        .addColumn("added", "integer", zero)
        .addColumn("modified", "integer", zero)
        .addColumn("removed", "integer", zero)
        .addColumn("bytes", "integer", zero)
        .addColumn("page_files", "integer", zero)
        .addColumn("page_fetched", "integer", zero)
        .addColumn("error", "text")
        .addColumn("started_at", "text", required)
        .addColumn("finished_at", "text")
        .execute();
      await db.schema
        .createIndex("source_syncs_installation")
        .on("source_syncs")
        .columns(["installation_id", "id"])
        .execute();
      await db.schema
        .createTable("skills")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", (col) =>
          col.notNull().references("organizations.id").onDelete("cascade"),
        )
        .addColumn("name", "text", required)
        .addColumn("description", "text", required)
        .addColumn("knowledge", "text", required)
        // JSON arrays of strings.
        .addColumn("tool_names", "text", required)
        .addColumn("credential_keys", "text", required)
        .addColumn("origin", "text", required)
        // The installation that created it (origin app); it goes with the uninstall.
        .addColumn("installation_id", "text", (col) => col.references("installations.id").onDelete("cascade"))
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .execute();
      await db.schema.createIndex("skills_organization").on("skills").columns(["organization_id", "id"]).execute();
    },
  };
}
