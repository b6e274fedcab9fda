import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/**
 * A14: developer-portal sessions (the cookie's random id kept only as its SHA-256; the session acts as the API token
 * it was opened with, so revoking the token ends it) and each App's recent health checks, which its page lists.
 */
export function portalMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("portal_sessions")
        .addColumn("id_sha256", "text", (col) => col.primaryKey())
        .addColumn("token_id", "integer", cascadeTo("api_tokens"))
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("created_at", "text", required)
        .addColumn("expires_at", "text", required)
        .execute();
      await db.schema.createIndex("portal_sessions_expires").on("portal_sessions").column("expires_at").execute();
      await db.schema
        .createTable("app_health_checks")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("app_id", "integer", cascadeTo("apps"))
        .addColumn("status", "text", required)
        .addColumn("version", "text")
        .addColumn("detail", "text")
        .addColumn("checked_at", "text", required)
        .execute();
      await db.schema.createIndex("app_health_checks_app").on("app_health_checks").columns(["app_id", "id"]).execute();
    },
  };
}
