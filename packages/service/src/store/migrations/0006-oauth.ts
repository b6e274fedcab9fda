import type { Kysely, Migration } from "kysely";
import { cascadeTo } from "./column-builders.ts";

/**
 * A6: pending authorizations (single-use `state`, stored by its SHA-256, with the PKCE verifier and the client
 * sealed), and on each credential the token endpoint it refreshes at and the refresh lease that makes a refresh
 * single-flight across instances.
 */
export function oauthMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("oauth_states")
        .addColumn("state_sha256", "text", (col) => col.primaryKey())
        .addColumn("organization_id", "integer", (col) =>
          col.notNull().references("organizations.id").onDelete("cascade"),
        )
        .addColumn("app_id", "integer", cascadeTo("apps"))
        .addColumn("app_version", "integer", (col) => col.notNull())
        .addColumn("credential_key", "text", (col) => col.notNull())
        // JSON sealed under the service key: the PKCE verifier, the client id and secret, the redirect URI.
        .addColumn("pending_enc", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("oauth_states_expires").on("oauth_states").column("expires_at").execute();
      await db.schema.alterTable("credentials").addColumn("oauth_token_url", "text").execute();
      await db.schema.alterTable("credentials").addColumn("refresh_lease_owner", "text").execute();
      await db.schema.alterTable("credentials").addColumn("refresh_lease_until", "text").execute();
      await db.schema.createIndex("credentials_expiring").on("credentials").columns(["status", "expires_at"]).execute();
    },
  };
}
