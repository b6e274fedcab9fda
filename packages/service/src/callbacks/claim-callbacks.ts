import type { Kysely } from "kysely";
import type { Database, DialectName } from "../store/index.ts";
import { type CallbackDeliveryRow, withCallbackTables } from "./callback-tables.ts";

/**
 * Claims up to `limit` due callbacks, oldest due first: counts the attempt and pushes `next_attempt_at` out by
 * the lease, so no one else takes the row while it is in flight and a crash mid-attempt makes it due again. On
 * PostgreSQL the candidates are locked with FOR UPDATE SKIP LOCKED, so several instances never claim one row.
 */
export async function claimCallbacks(
  db: Kysely<Database>,
  options: { dialect: DialectName; limit: number; leaseMs: number; now: Date },
): Promise<CallbackDeliveryRow[]> {
  const { dialect, limit, leaseMs, now } = options;
  if (limit <= 0) return [];
  return withCallbackTables(db)
    .transaction()
    .execute(async (trx) => {
      const due = await trx
        .selectFrom("callback_deliveries")
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
        .updateTable("callback_deliveries")
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
