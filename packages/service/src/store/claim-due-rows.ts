import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "./database.ts";
import type { DialectName } from "./dialect-name.ts";

/** The outbox tables claimed through `claimDueRows`: the callback outbox and the front desk's replies. */
export type OutboxTableName = "callback_deliveries" | "deliveries";

/** The columns every outbox table has, and all a claim reads or writes. */
export interface OutboxColumns {
  id: Generated<number>;
  status: string;
  /** Attempts started so far; also the claim token, so a stale attempt cannot overwrite a newer one. */
  attempts: Generated<number>;
  next_attempt_at: string | null;
}

export interface ClaimDueRowsOptions {
  table: OutboxTableName;
  dialect: DialectName;
  limit: number;
  leaseMs: number;
  now: Date;
}

/**
 * Claims up to `limit` due pending rows of an outbox table, oldest due first: counts the attempt and pushes
 * `next_attempt_at` out by the lease, so no one else takes the row while it is in flight and a crash mid-attempt
 * makes it due again. On PostgreSQL the candidates are locked with FOR UPDATE SKIP LOCKED, so several instances
 * never claim one row. `Table` is the caller's row type for `options.table`.
 */
export async function claimDueRows<Table extends OutboxColumns>(
  db: Kysely<Database>,
  options: ClaimDueRowsOptions,
): Promise<Selectable<Table>[]> {
  const { table, dialect, limit, leaseMs, now } = options;
  if (limit <= 0) return [];
  const claimed = await db
    .withTables<Record<OutboxTableName, OutboxColumns>>()
    .transaction()
    .execute(async (trx) => {
      const due = await trx
        .selectFrom(table)
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
        .updateTable(table)
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
  // returningAll gives back every column of the table, so the rows are the caller's full rows.
  return claimed as Selectable<Table>[];
}
