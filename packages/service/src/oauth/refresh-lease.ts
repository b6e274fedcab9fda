import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withOAuthTables } from "./oauth-tables.ts";

/** How long a refresh may hold its credential; far above the 10 s a token request may take. */
export const REFRESH_LEASE_MS = 30_000;

/**
 * A6 single flight: claims the right to refresh one credential with a conditional UPDATE, so of any number of
 * instances asking at once exactly one wins (PostgreSQL re-checks the condition after a concurrent update commits).
 */
export async function claimRefreshLease(
  db: Kysely<Database>,
  credentialId: number,
  owner: string,
  now: Date,
): Promise<boolean> {
  const result = await withOAuthTables(db)
    .updateTable("credentials")
    .set({ refresh_lease_owner: owner, refresh_lease_until: new Date(now.getTime() + REFRESH_LEASE_MS).toISOString() })
    .where("id", "=", credentialId)
    .where((eb) => eb.or([eb("refresh_lease_until", "is", null), eb("refresh_lease_until", "<", now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a lease back without changing the credential (a refresh that failed for a passing reason). */
export async function releaseRefreshLease(db: Kysely<Database>, credentialId: number, owner: string): Promise<void> {
  await withOAuthTables(db)
    .updateTable("credentials")
    .set({ refresh_lease_owner: null, refresh_lease_until: null })
    .where("id", "=", credentialId)
    .where("refresh_lease_owner", "=", owner)
    .execute();
}
