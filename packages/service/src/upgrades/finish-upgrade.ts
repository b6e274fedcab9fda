import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withUpgradeTables } from "./upgrade-tables.ts";

/** How a job ends; `cancelled` and `failed` leave the installations not yet handled where they are. */
export type UpgradeEnding =
  | { readonly state: "done" }
  | { readonly state: "cancelled" }
  | { readonly state: "failed"; readonly error: string };

function keptReason(ending: UpgradeEnding): string {
  if (ending.state === "cancelled") return "The upgrade was cancelled before its turn; it stays on its version.";
  if (ending.state === "failed")
    return `The upgrade stopped before its turn (${ending.error}); it stays on its version.`;
  return "";
}

/**
 * D582: ends a job: the installations it has not handled are recorded `kept` (cancelled or failed first) and the job
 * takes its final state, all in one transaction and only while `holder` still holds it (its lease owner, or `null`
 * for a queued job no worker took). False when it no longer did.
 */
export async function finishUpgrade(
  db: Kysely<Database>,
  jobId: number,
  holder: string | null,
  ending: UpgradeEnding,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return withUpgradeTables(db)
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable("upgrade_jobs")
        .set({ updated_at: at })
        .where("id", "=", jobId)
        .$if(holder === null, (query) => query.where("state", "=", "queued"))
        .$if(holder !== null, (query) => query.where("state", "=", "running").where("lease_owner", "=", holder))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const rest = await trx
        .updateTable("upgrade_job_items")
        .set({ outcome: "kept", reason: keptReason(ending), handled_at: at })
        .where("job_id", "=", jobId)
        .where("outcome", "is", null)
        .executeTakeFirst();
      const left = Number(rest.numUpdatedRows);
      await trx
        .updateTable("upgrade_jobs")
        .set((eb) => ({
          state: ending.state,
          error: ending.state === "failed" ? ending.error : null,
          kept: eb("kept", "+", left),
          done: eb("done", "+", left),
          lease_owner: null,
          lease_expires_at: null,
          finished_at: at,
          updated_at: at,
        }))
        .where("id", "=", jobId)
        .execute();
      return true;
    });
}
