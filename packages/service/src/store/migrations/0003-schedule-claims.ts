import type { Kysely, Migration } from "kysely";

/**
 * The scheduler's claim on a due schedule trigger: while `claimed_until` lies ahead, other instances leave the
 * row alone; a claim left by a crashed instance simply expires.
 */
export function scheduleClaimsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("triggers").addColumn("claimed_until", "text").execute();
    },
  };
}
