import type { Kysely } from "kysely";
import type { Database, DialectName, WorkflowRunRow } from "../store/index.ts";

/**
 * Claims up to `limit` queued runs, oldest first, and marks them running under a lease. On PostgreSQL the
 * candidates are locked with FOR UPDATE SKIP LOCKED so several instances never claim the same run; on SQLite
 * the transaction alone is enough, as writes are serialised.
 */
export async function claimRuns(
  db: Kysely<Database>,
  options: { dialect: DialectName; limit: number; leaseMs: number; now: Date },
): Promise<WorkflowRunRow[]> {
  const { dialect, limit, leaseMs, now } = options;
  if (limit <= 0) return [];
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom("workflow_runs")
      .select("id")
      .where("status", "=", "queued")
      .orderBy("id")
      .limit(limit)
      .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked())
      .execute();
    if (candidates.length === 0) return [];
    const at = now.toISOString();
    return trx
      .updateTable("workflow_runs")
      .set((eb) => ({
        status: "running",
        attempts: eb("attempts", "+", 1),
        started_at: eb.fn.coalesce("started_at", eb.val(at)),
        lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
      }))
      .where(
        "id",
        "in",
        candidates.map((candidate) => candidate.id),
      )
      .where("status", "=", "queued")
      .returningAll()
      .execute();
  });
}
