import type { Kysely, Migration } from "kysely";

/**
 * Upgrades of installations (D451–D454): the version an author's upgrade moved an installation from (so a move back
 * knows where it goes; null for one never moved), and the upgrade it could not take (JSON: the version, the reason,
 * the credentials it lacks; null when nothing is asked of its owner).
 */
export function installationUpgradesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("installations").addColumn("previous_version", "integer").execute();
      await db.schema.alterTable("installations").addColumn("action_needed", "text").execute();
    },
  };
}
