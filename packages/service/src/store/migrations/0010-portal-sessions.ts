import type { Kysely, Migration } from "kysely";
import { cascadeTo, required } from "./column-builders.ts";

/**
 * A14: developer-portal sessions. The cookie's random id is kept only as its SHA-256; the session acts as the API
 * token it was opened with (revoking the token ends it) and lapses at `expires_at`.
 */
export function portalSessionsMigration(): Migration {
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
    },
  };
}
