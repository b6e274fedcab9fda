import type { Kysely } from "kysely";
import { recordOutboundAttempt } from "../outbound-records/record-outbound-attempt.ts";
import type { Database } from "../store/index.ts";
import { type CallbackDeliveryRow, type CallbackDeliveryTable, withCallbackTables } from "./callback-tables.ts";
import { nextAttemptAt } from "./retry-schedule.ts";
import type { AttemptOutcome } from "./send-callback.ts";

/**
 * Writes an attempt's outcome on its outbox row: delivered, gone (410), the next retry, or dead once the schedule
 * is exhausted; an aborted attempt is handed back, due at once and not counted. Nothing changes when the claim is
 * stale (the row was claimed again after this attempt's lease ran out). A counted attempt that changed its row also
 * gets its record (D510: one insert more). Returns the row's new status.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  claim: Pick<CallbackDeliveryRow, "id" | "attempts">,
  outcome: AttemptOutcome,
  options: {
    now: Date;
    retryDelaysMs?: readonly number[] | undefined;
    /** When the attempt began and how long it took (a monotonic measure); the record's, now and 0 by default. */
    startedAt?: Date | undefined;
    latencyMs?: number | undefined;
  },
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
  // The outcome and its record commit together, so a reader never sees a finished row without its last attempt.
  const row = await db.transaction().execute(async (trx) => {
    const updated = await withCallbackTables(trx)
      .updateTable("callback_deliveries")
      .set(change)
      .where("id", "=", claim.id)
      .where("attempts", "=", claim.attempts)
      .where("status", "=", "pending")
      .returning(["status", "next_attempt_at"])
      .executeTakeFirst();
    if (updated !== undefined && outcome.kind !== "aborted") {
      const startedAt = options.startedAt ?? options.now;
      await recordOutboundAttempt(trx, "callback_attempts", {
        delivery_id: claim.id,
        attempt: claim.attempts,
        started_at: startedAt.toISOString(),
        latency_ms: Math.max(0, Math.round(options.latencyMs ?? 0)),
        http_status: outcome.status,
        ...failureOf(outcome),
        excerpt: outcome.response?.excerpt ?? null,
        excerpt_truncated: outcome.response?.truncated === true ? 1 : 0,
        next_attempt_at: updated.next_attempt_at,
        outcome: updated.status,
      });
    }
    return updated;
  });
  return row?.status;
}

/** The error class and text an attempt record shows; none for a delivery. */
function failureOf(outcome: Exclude<AttemptOutcome, { kind: "aborted" }>) {
  if (outcome.kind === "delivered") return { error_class: null, error: null };
  if (outcome.kind === "gone")
    return { error_class: "http_status" as const, error: "HTTP 410: the receiver asked for no more" };
  return { error_class: outcome.errorClass ?? ("network_error" as const), error: outcome.error };
}
