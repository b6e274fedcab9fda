import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withSourceTables } from "./source-tables.ts";

/** How long a sync holds its source without a heartbeat before another instance may take over: 30 s by default. */
export const SYNC_LEASE_MS = 30_000;

const expiry = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs).toISOString();

/**
 * One sync at a time per source across instances: a conditional UPDATE takes the lease when no one holds it or
 * its holder stopped renewing it. True when `owner` now holds it.
 */
export async function claimSourceLease(
  db: Kysely<Database>,
  installationId: string,
  owner: string,
  now: Date,
  leaseMs = SYNC_LEASE_MS,
): Promise<boolean> {
  const result = await withSourceTables(db)
    .updateTable("sources")
    .set({ lease_owner: owner, lease_expires_at: expiry(now, leaseMs) })
    .where("installation_id", "=", installationId)
    .where((eb) => eb.or([eb("lease_owner", "is", null), eb("lease_expires_at", "<", now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease while `owner` holds it; false when it was lost (expired and taken by another instance). */
export async function renewSourceLease(
  db: Kysely<Database>,
  installationId: string,
  owner: string,
  now: Date,
  leaseMs = SYNC_LEASE_MS,
): Promise<boolean> {
  const result = await withSourceTables(db)
    .updateTable("sources")
    .set({ lease_expires_at: expiry(now, leaseMs) })
    .where("installation_id", "=", installationId)
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease up and sets when the source is due again. */
export async function releaseSourceLease(
  db: Kysely<Database>,
  installationId: string,
  owner: string,
  nextSyncAt: Date,
): Promise<void> {
  await withSourceTables(db)
    .updateTable("sources")
    .set({ lease_owner: null, lease_expires_at: null, next_sync_at: nextSyncAt.toISOString() })
    .where("installation_id", "=", installationId)
    .where("lease_owner", "=", owner)
    .execute();
}
