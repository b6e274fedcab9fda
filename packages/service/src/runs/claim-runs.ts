import { type Kysely, sql } from "kysely";
import type { Database, DialectName, WorkflowRunRow } from "../store/index.ts";
import { opaqueParam, param, preparedQuery } from "../store/prepared-query.ts";

/** The values a claim sets, shared by both dialects' statements. */
interface ClaimParams extends Record<string, unknown> {
  readonly limit: number;
  readonly at: string;
  readonly leaseExpiresAt: string;
}

// One statement claims a whole batch: the oldest queued ids are picked by a subquery and marked running under a
// lease. It is atomic on its own, so it needs no transaction; on SQLite writes are serialised anyway, and on
// PostgreSQL FOR UPDATE SKIP LOCKED in the subquery keeps two instances from picking the same run. The status is
// written in and the limit opaque to SQLite's planner (D620).
function buildClaim(db: Kysely<Database>, dialect: DialectName) {
  const oldest = db
    .selectFrom("workflow_runs")
    .select("id")
    .where("status", "=", sql.lit("queued"))
    .orderBy("id")
    .limit(opaqueParam<number>(db, "limit"));
  return (
    db
      .updateTable("workflow_runs")
      .set((eb) => ({
        status: "running",
        attempts: eb("attempts", "+", 1),
        started_at: eb.fn.coalesce("started_at", eb.val(param<string>("at"))),
        lease_expires_at: param<string>("leaseExpiresAt"),
      }))
      // PostgreSQL may run an `in (subquery)` again for every row it updates, and each pass then skips the rows
      // just claimed and picks newer ones (claiming more than the limit); `= any(array(…))` runs it once.
      .$if(dialect === "sqlite", (query) => query.where("id", "in", oldest))
      .$if(dialect === "postgres", (query) =>
        query.where("id", "=", sql<number>`any(array(${oldest.forUpdate().skipLocked()}))`),
      )
      // A run claimed by another instance between the subquery's snapshot and this update is not taken twice.
      .where("status", "=", sql.lit("queued"))
      .returningAll()
  );
}

const CLAIM = {
  sqlite: preparedQuery((db: Kysely<Database>) => buildClaim(db, "sqlite")),
  postgres: preparedQuery((db: Kysely<Database>) => buildClaim(db, "postgres")),
} as const;

/**
 * Claims up to `limit` queued runs, oldest first, and marks them running under a lease, in one prepared
 * statement. On PostgreSQL the candidates are locked with FOR UPDATE SKIP LOCKED so several instances never
 * claim the same run; on SQLite the one writer serialises claims.
 */
export async function claimRuns(
  db: Kysely<Database>,
  options: { dialect: DialectName; limit: number; leaseMs: number; now: Date },
): Promise<WorkflowRunRow[]> {
  const { dialect, limit, leaseMs, now } = options;
  if (limit <= 0) return [];
  const params: ClaimParams = {
    limit,
    at: now.toISOString(),
    leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
  };
  const claimed = await CLAIM[dialect].execute(db, params);
  // RETURNING gives no order; runs start oldest first.
  return claimed.sort((a, b) => a.id - b.id);
}
