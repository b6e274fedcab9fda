import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { failRun } from "./finish-run.ts";
import type { RunEventHandler } from "./run-events.ts";

/** How many times a run may be claimed before an interruption fails it. */
export const MAX_ATTEMPTS = 3;

/**
 * Runs whose worker died (a crash or `kill -9`) keep status running with a lease that expires; this puts them
 * back on the queue, or fails them once they have been interrupted MAX_ATTEMPTS times. `expiredBefore` is now,
 * or the far future at a SQLite start, where the instance lock proves no other worker is alive.
 */
export async function recoverRuns(
  db: Kysely<Database>,
  options: { expiredBefore: Date; now: Date; onRunEvent: RunEventHandler },
): Promise<{ requeued: number; failed: number }> {
  const expired = await db
    .selectFrom("workflow_runs")
    .select(["id", "attempts"])
    .where("status", "=", "running")
    .where("lease_expires_at", "<", options.expiredBefore.toISOString())
    .execute();
  let requeued = 0;
  let failed = 0;
  for (const run of expired) {
    if (run.attempts >= MAX_ATTEMPTS) {
      const message = `The run was interrupted ${run.attempts} times (the service stopped while it ran); giving up.`;
      if (await failRun(db, run.id, message, options)) failed += 1;
      continue;
    }
    const result = await db
      .updateTable("workflow_runs")
      .set({ status: "queued", lease_expires_at: null })
      .where("id", "=", run.id)
      .where("status", "=", "running")
      .where("attempts", "=", run.attempts)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) requeued += 1;
  }
  return { requeued, failed };
}
