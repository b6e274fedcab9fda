import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type ToolServerRow, withToolServerTables } from "./tool-server-tables.ts";

/**
 * How long a scheduled refresh holds its tool server: well past the 30 s a listing may take in all, so a refresh
 * never outlives its lease; a lease left by an instance that died lapses after it.
 */
export const REFRESH_LEASE_MS = 120_000;

/** Tool servers last refreshed at or before `dueBefore` that no refresher holds, longest waiting first. */
export async function listDueToolServers(db: Kysely<Database>, dueBefore: Date, now: Date, limit: number) {
  const rows = await withToolServerTables(db)
    .selectFrom("tool_servers")
    .select("id")
    .where((eb) => eb.or([eb("last_refresh_at", "is", null), eb("last_refresh_at", "<=", dueBefore.toISOString())]))
    .where((eb) => eb.or([eb("refresh_lease_owner", "is", null), eb("refresh_lease_until", "<", now.toISOString())]))
    .orderBy("last_refresh_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * D320: one scheduled refresh per tool server at a time across instances. A conditional UPDATE takes the row when it
 * is still due and no lease holds it (or the one that did lapsed); PostgreSQL re-checks the condition on the row a
 * concurrent UPDATE just committed, so of two instances claiming at once one gets it, and the other finds it held
 * (or, once released, refreshed and no longer due). The claimed row, or undefined.
 */
export async function claimToolServer(
  db: Kysely<Database>,
  claim: { id: number; owner: string; dueBefore: Date; now: Date; leaseMs?: number },
): Promise<ToolServerRow | undefined> {
  const { now } = claim;
  return withToolServerTables(db)
    .updateTable("tool_servers")
    .set({
      refresh_lease_owner: claim.owner,
      refresh_lease_until: new Date(now.getTime() + (claim.leaseMs ?? REFRESH_LEASE_MS)).toISOString(),
    })
    .where("id", "=", claim.id)
    .where((eb) =>
      eb.or([eb("last_refresh_at", "is", null), eb("last_refresh_at", "<=", claim.dueBefore.toISOString())]),
    )
    .where((eb) => eb.or([eb("refresh_lease_owner", "is", null), eb("refresh_lease_until", "<", now.toISOString())]))
    .returningAll()
    .executeTakeFirst();
}

/** Gives a lease up without recording an outcome (a refresh cut short by the service stopping): due again at once. */
export async function releaseToolServer(db: Kysely<Database>, id: number, owner: string): Promise<void> {
  await withToolServerTables(db)
    .updateTable("tool_servers")
    .set({ refresh_lease_owner: null, refresh_lease_until: null })
    .where("id", "=", id)
    .where("refresh_lease_owner", "=", owner)
    .execute();
}
