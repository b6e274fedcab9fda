import { type Kysely, type Migration, Migrator } from "kysely";
import type { Database } from "./database.ts";
import type { DialectName } from "./dialect-name.ts";
import { coreMigration } from "./migrations/0001-core.ts";

/** Every migration in order; names sort lexically, so later modules append `0002-…`, `0003-…`. */
export function listMigrations(dialect: DialectName): Record<string, Migration> {
  return { "0001-core": coreMigration(dialect) };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => listMigrations(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed`, { cause: error });
  }
}
