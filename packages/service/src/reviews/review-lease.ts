import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { claimableAt, leaseExpiry } from "../store/job-lease.ts";
import { withReviewTables } from "./review-tables.ts";

/** How long a review holds its row without a heartbeat before another instance may take it over: 30 s by default. */
export const REVIEW_LEASE_MS = 30_000;

/** Runs a review may start: a run cut short (a crash, a restart) runs again, the third such cut ends it `errored`. */
export const MAX_REVIEW_ATTEMPTS = 3;

/**
 * One run at a time per review across instances, as a source's sync (sources/source-lease.ts): a conditional UPDATE
 * takes a queued review, or a running one whose holder stopped renewing its lease. True when `owner` now holds it.
 */
export async function claimReviewLease(
  db: Kysely<Database>,
  reviewId: number,
  owner: string,
  now: Date,
  leaseMs = REVIEW_LEASE_MS,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await withReviewTables(db)
    .updateTable("reviews")
    .set((eb) => ({
      state: "running",
      lease_owner: owner,
      lease_expires_at: leaseExpiry(now, leaseMs),
      attempts: eb("attempts", "+", 1),
      started_at: at,
      checks_done: 0,
      updated_at: at,
    }))
    .where("id", "=", reviewId)
    .where(claimableAt(at))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease while `owner` holds it; false when it was lost (expired and taken by another instance). */
export async function renewReviewLease(
  db: Kysely<Database>,
  reviewId: number,
  owner: string,
  now: Date,
  leaseMs = REVIEW_LEASE_MS,
): Promise<boolean> {
  const result = await withReviewTables(db)
    .updateTable("reviews")
    .set({ lease_expires_at: leaseExpiry(now, leaseMs) })
    .where("id", "=", reviewId)
    .where("lease_owner", "=", owner)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reviews waiting for a run: queued ones, and running ones whose lease expired, oldest first. */
export async function listClaimableReviews(db: Kysely<Database>, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const rows = await withReviewTables(db)
    .selectFrom("reviews")
    .select("id")
    .where(claimableAt(at))
    .orderBy("id")
    .limit(20)
    .execute();
  return rows.map((row) => row.id);
}
