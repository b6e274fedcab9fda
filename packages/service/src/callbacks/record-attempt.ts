import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type CallbackDeliveryRow, type CallbackDeliveryTable, withCallbackTables } from "./callback-tables.ts";
import { nextAttemptAt } from "./retry-schedule.ts";
import type { AttemptOutcome } from "./send-callback.ts";

/**
 * Writes an attempt's outcome on its outbox row: delivered, gone (410), the next retry, or dead once the schedule
 * is exhausted; an aborted attempt is handed back, due at once and not counted. Nothing changes when the claim is
 * stale (the row was claimed again after this attempt's lease ran out). Returns the row's new status.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  claim: Pick<CallbackDeliveryRow, "id" | "attempts">,
  outcome: AttemptOutcome,
  options: { now: Date; retryDelaysMs?: readonly number[] | undefined },
): Promise<CallbackDeliveryTable["status"] | undefined> {
  const at = options.now.toISOString();
  let change: Partial<Omit<CallbackDeliveryTable, "id" | "attempts">> & { attempts?: number };
  if (outcome.kind === "aborted") {
    change = { next_attempt_at: at, attempts: claim.attempts - 1 };
  } else if (outcome.kind === "failed") {
    const next = nextAttemptAt(claim.attempts, options.now, options.retryDelaysMs);
    change = {
      status: next === null ? "dead" : "pending",
      next_attempt_at: next?.toISOString() ?? null,
      last_status: outcome.status,
      last_error: outcome.error,
      finished_at: next === null ? at : null,
    };
  } else {
    const status = outcome.kind;
    change = { status, next_attempt_at: null, last_status: outcome.status, last_error: null, finished_at: at };
  }
  const row = await withCallbackTables(db)
    .updateTable("callback_deliveries")
    .set(change)
    .where("id", "=", claim.id)
    .where("attempts", "=", claim.attempts)
    .where("status", "=", "pending")
    .returning("status")
    .executeTakeFirst();
  return row?.status;
}
