import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "../store/index.ts";

// The apps module owns this table (migration 0010-portal).

/** How many health checks an App keeps; older ones are dropped as new ones come. */
export const HEALTH_HISTORY_KEPT = 50;

/** One `GET /health` of an App (A8) as it was recorded: the status it left, the version, why it failed. */
export interface AppHealthCheckTable {
  id: Generated<number>;
  app_id: number;
  status: string;
  version: string | null;
  detail: string | null;
  checked_at: string;
}

type HealthTables = { app_health_checks: AppHealthCheckTable };
export type AppHealthCheckRow = Selectable<AppHealthCheckTable>;

/** Records one health check and drops the App's checks beyond the newest HEALTH_HISTORY_KEPT. */
export async function recordHealthCheck(db: Kysely<Database>, check: Omit<AppHealthCheckRow, "id">): Promise<void> {
  const table = db.withTables<HealthTables>();
  const inserted = await table.insertInto("app_health_checks").values(check).returning("id").executeTakeFirstOrThrow();
  await table
    .deleteFrom("app_health_checks")
    .where("app_id", "=", check.app_id)
    .where("id", "<=", inserted.id - HEALTH_HISTORY_KEPT)
    .execute();
}

/** An App's recent health checks, newest first. */
export async function listHealthChecks(db: Kysely<Database>, appId: number, limit = 20): Promise<AppHealthCheckRow[]> {
  return db
    .withTables<HealthTables>()
    .selectFrom("app_health_checks")
    .selectAll()
    .where("app_id", "=", appId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
