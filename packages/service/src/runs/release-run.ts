import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import type { RunClaim } from "./finish-run.ts";

/** Hands a running run back to the queue (the service is stopping); a stale claim changes nothing. */
export async function releaseRun(db: Kysely<Database>, claim: RunClaim): Promise<void> {
  await db
    .updateTable("workflow_runs")
    .set({ status: "queued", lease_expires_at: null })
    .where("id", "=", claim.id)
    .where("status", "=", "running")
    .where("attempts", "=", claim.attempts)
    .execute();
}

/** Extends a claim's lease while its run executes; false when the claim is stale. */
export async function renewLease(db: Kysely<Database>, claim: RunClaim, until: Date): Promise<boolean> {
  const result = await db
    .updateTable("workflow_runs")
    .set({ lease_expires_at: until.toISOString() })
    .where("id", "=", claim.id)
    .where("status", "=", "running")
    .where("attempts", "=", claim.attempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
