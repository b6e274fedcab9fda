import type { Kysely, Migration } from "kysely";

/**
 * D103: a rotated callback secret stays in use beside the new one until `previous_expires_at`, so receivers can
 * switch over without refusing a callback.
 */
export function secretRotationMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("callback_secrets").addColumn("previous_secret_enc", "text").execute();
      await db.schema.alterTable("callback_secrets").addColumn("previous_expires_at", "text").execute();
    },
  };
}
