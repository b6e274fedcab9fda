import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../dialect-name.ts";

// The columns of a trigger an inbound event is matched by (selectCandidates): a change to any of them moves the
// generation. Its counters and schedule claims, written on every firing, do not.
const MATCHED_COLUMNS = [
  "organization_id",
  "workflow_id",
  "type",
  "enabled",
  "app_installation_id",
  "event_type",
  "target_stage",
  "event_filter",
] as const;

/**
 * D634: on PostgreSQL, the inbound cache also keeps each installation's app-event triggers with their workflows, so
 * a write to a workflow, and any insert, delete or update of a trigger's matched columns, moves the generation of
 * D420 as a write to an installation does (a statement trigger, in the writer's transaction). SQLite is one
 * process's: that process forgets in memory.
 */
export function triggerCacheGenerationMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      const columns = sql.join(MATCHED_COLUMNS.map((column) => sql.id(column)));
      await sql`
        create trigger triggers_bump_inbound_cache_generation
        after insert or delete or update of ${columns} on triggers
        for each statement execute function bump_inbound_cache_generation()`.execute(db);
      await sql`
        create trigger workflows_bump_inbound_cache_generation
        after insert or update or delete on workflows
        for each statement execute function bump_inbound_cache_generation()`.execute(db);
    },
  };
}
