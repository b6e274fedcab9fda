import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** Apps (A1, A3), their versions, per-organization credentials (A5) and installations (A4, A8). */
export function appsMigration(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  const organization = cascadeTo("organizations");

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("apps")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", organization)
        .addColumn("slug", "text", (col) => col.notNull().unique())
        .addColumn("base_url", "text", required)
        .addColumn("state", "text", required)
        .addColumn("latest_version", "integer", required)
        .addColumn("published_version", "integer")
        .addColumn("review_report", "text")
        .addColumn("signing_secret_enc", "text", required)
        .addColumn("signing_secret_created_at", "text", required)
        .addColumn("previous_signing_secret_enc", "text")
        .addColumn("previous_signing_expires_at", "text")
        .addColumn("health_status", "text", (col) => col.notNull().defaultTo("unknown"))
        .addColumn("health_version", "text")
        .addColumn("health_failures", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("health_checked_at", "text")
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .execute();
      await db.schema
        .createTable("app_versions")
        .addColumn("app_id", "integer", cascadeTo("apps"))
        .addColumn("version", "integer", required)
        .addColumn("manifest", "text", required)
        .addColumn("manifest_sha256", "text", required)
        .addColumn("created_at", "text", required)
        .addPrimaryKeyConstraint("app_versions_pk", ["app_id", "version"])
        .execute();
      await db.schema
        .createTable("credentials")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", organization)
        .addColumn("key", "text", required)
        .addColumn("type", "text", required)
        // JSON object: field name → that field's value sealed on its own (D15, D116).
        .addColumn("fields_enc", "text", required)
        .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
        .addColumn("expires_at", "text")
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .addUniqueConstraint("credentials_key", ["organization_id", "key"])
        .execute();
      await db.schema
        .createTable("installations")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("organization_id", "integer", organization)
        .addColumn("project_id", "integer", (col) => col.references("projects.id").onDelete("cascade"))
        .addColumn("app_id", "integer", cascadeTo("apps"))
        .addColumn("app_version", "integer", required)
        .addColumn("front_desk", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("state", "text", required)
        .addColumn("verified_user", "text")
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .addColumn("uninstalled_at", "text")
        .execute();
      await db.schema.createIndex("installations_organization").on("installations").column("organization_id").execute();
      await db.schema.createIndex("installations_app").on("installations").columns(["app_id", "state"]).execute();
    },
  };
}
