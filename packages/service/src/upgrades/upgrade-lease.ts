import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { claimableAt, leaseExpiry } from "../store/job-lease.ts";
import { withUpgradeTables } from "./upgrade-tables.ts";

/** How long an upgrade job holds its row without progress before another instance may take it over: 30 s. */
export const UPGRADE_LEASE_MS = 30_000;

/**
 * D581: one worker at a time per job across instances, as a review's (reviews/review-lease.ts): a conditional UPDATE
 * takes a queued job, or a running one whose holder stopped renewing its lease. True when `owner` now holds it.
 */
export async function claimUpgradeLease(
  db: Kysely<Database>,
  jobId: number,
  owner: string,
  now: Date,
  leaseMs = UPGRADE_LEASE_MS,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await withUpgradeTables(db)
    .updateTable("upgrade_jobs")
    .set((eb) => ({
      state: "running",
      lease_owner: owner,
      lease_expires_at: leaseExpiry(now, leaseMs),
      attempts: eb("attempts", "+", 1),
      started_at: eb.fn.coalesce("started_at", eb.val(at)),
      updated_at: at,
    }))
    .where("id", "=", jobId)
    .where(claimableAt(at))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Jobs waiting for a worker: queued ones, and running ones whose lease expired, oldest first. */
export async function listClaimableUpgrades(db: Kysely<Database>, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const rows = await withUpgradeTables(db)
    .selectFrom("upgrade_jobs")
    .select("id")
    .where(claimableAt(at))
    .orderBy("id")
    .limit(20)
    .execute();
  return rows.map((row) => row.id);
}

/** Hands a job back on a clean stop: its lease ends now, so the next instance resumes it at once. */
export async function releaseUpgradeLease(db: Kysely<Database>, jobId: number, owner: string, now: Date) {
  await withUpgradeTables(db)
    .updateTable("upgrade_jobs")
    .set({ lease_expires_at: new Date(now.getTime() - 1).toISOString() })
    .where("id", "=", jobId)
    .where("lease_owner", "=", owner)
    .where("state", "=", "running")
    .execute();
}
