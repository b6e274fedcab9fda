import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../dialect-name.ts";

/** The tables whose rows the inbound cache keeps (D176): a write to any of them moves the generation (D420). */
const CACHED_TABLES = ["installations", "apps", "app_versions", "credentials"] as const;

/**
 * D420: on PostgreSQL, one row whose `generation` every write to an installation, an App, an App version or a
 * credential moves (a statement trigger, in the writer's transaction), so every instance on the database learns of
 * the change with one cheap read. SQLite is one process's (its instance lock): that process forgets in memory.
 */
export function inboundCacheGenerationMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await db.schema
        .createTable("inbound_cache_generation")
        .addColumn("id", "integer", (col) => col.primaryKey())
        .addColumn("generation", "bigint", (col) => col.notNull())
        .execute();
      await sql`insert into inbound_cache_generation (id, generation) values (1, 0)`.execute(db);
      await sql`
        create function bump_inbound_cache_generation() returns trigger language plpgsql as $$
        begin
          update inbound_cache_generation set generation = generation + 1 where id = 1;
          return null;
        end $$`.execute(db);
      for (const table of CACHED_TABLES) {
        await sql`
          create trigger ${sql.id(`${table}_bump_inbound_cache_generation`)}
          after insert or update or delete on ${sql.id(table)}
          for each statement execute function bump_inbound_cache_generation()`.execute(db);
      }
    },
  };
}
