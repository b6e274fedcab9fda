import type { Kysely } from "kysely";
import { type DeliveryRow, withFrontDeskTables } from "../front-desk/front-desk-tables.ts";
import type { Database, DialectName } from "../store/index.ts";

/**
 * Claims up to `limit` due replies, oldest due first, as the callback outbox does: the attempt is counted and
 * `next_attempt_at` pushed out by the lease, so no one else takes the row while it is in flight and a crash makes it
 * due again. On PostgreSQL candidates are locked with FOR UPDATE SKIP LOCKED, so two instances never claim one row.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  options: { dialect: DialectName; limit: number; leaseMs: number; now: Date },
): Promise<DeliveryRow[]> {
  const { dialect, limit, leaseMs, now } = options;
  if (limit <= 0) return [];
  return withFrontDeskTables(db)
    .transaction()
    .execute(async (trx) => {
      const due = await trx
        .selectFrom("deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now.toISOString())
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(limit)
        .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked())
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable("deliveries")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
        }))
        .where(
          "id",
          "in",
          due.map((row) => row.id),
        )
        .where("status", "=", "pending")
        .returningAll()
        .execute();
    });
}
