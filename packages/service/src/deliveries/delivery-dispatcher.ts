import { CALLBACK_RETRY_DELAYS_MS, nextAttemptAt } from "../callbacks/retry-schedule.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { type DeliveryRow, withFrontDeskTables } from "../front-desk/front-desk-tables.ts";
import type { NewAttempt } from "../outbound-records/attempt-tables.ts";
import { pruneOutboundAttemptsNow } from "../outbound-records/prune-outbound-attempts.ts";
import { recordOutboundAttempt } from "../outbound-records/record-outbound-attempt.ts";
import { toResponseExcerpt } from "../outbound-records/to-response-excerpt.ts";
import { type ClaimLoop, createClaimLoop } from "../store/claim-loop.ts";
import { toStorableText } from "../store/to-storable-message.ts";
import { claimDeliveries } from "./claim-deliveries.ts";
import { type SendOutcome, sendReply } from "./send-reply.ts";

/** Tuning of the delivery dispatcher; the retry ladder is D25's. */
export interface DeliveryDispatcherOptions {
  /** How often the outbox is looked at when nothing wakes the dispatcher; default 1000 ms. */
  readonly pollIntervalMs?: number | undefined;
  /** Replies in flight at once; default 8. */
  readonly concurrency?: number | undefined;
  /** Waits before each retry; default 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, then dead. */
  readonly retryDelaysMs?: readonly number[] | undefined;
  /** How long a claimed reply is its sender's before it is due again (a crash's cost); default 60 s. */
  readonly leaseMs?: number | undefined;
}

// A claimed reply is someone's for two adapter calls' time-outs plus a margin; after a crash it is due again.
const LEASE_MS = 60_000;

/** When an attempt began, by the service's clock, and how long it took by a monotonic one. */
interface AttemptTiming {
  readonly startedAt: Date;
  readonly latencyMs: number;
}

/** The record of one reply attempt (D510–D512). */
function toReplyAttempt(
  row: { id: number; attempts: number },
  outcome: SendOutcome,
  options: { next: Date | null; timing: AttemptTiming },
): NewAttempt {
  const excerpt = toResponseExcerpt(outcome.detail?.answer ?? null);
  const delivered = outcome.kind === "delivered";
  return {
    delivery_id: row.id,
    attempt: row.attempts,
    started_at: options.timing.startedAt.toISOString(),
    latency_ms: Math.max(0, Math.round(options.timing.latencyMs)),
    http_status: outcome.detail?.httpStatus ?? null,
    error_class: delivered ? null : (outcome.detail?.errorClass ?? "network_error"),
    error: delivered ? null : toStorableText(outcome.error.slice(0, 2000)),
    excerpt: excerpt.excerpt,
    excerpt_truncated: excerpt.truncated ? 1 : 0,
    next_attempt_at: options.next?.toISOString() ?? null,
    outcome: delivered ? "delivered" : options.next === null ? "dead" : "pending",
  };
}

/**
 * When a reply is tried again: the ladder's next step, or later when the platform asked to wait longer (D536); null
 * once the ladder is done, whatever the platform asked.
 */
function nextRetryAt(attempts: number, now: Date, delays: readonly number[], retryAfterMs: number | undefined) {
  const next = nextAttemptAt(attempts, now, delays);
  if (next === null || retryAfterMs === undefined) return next;
  return new Date(Math.max(next.getTime(), now.getTime() + retryAfterMs));
}

/**
 * Records how an attempt ended: delivered with its message_id, retried on the ladder, or dead-lettered; then the
 * attempt's own record (D510).
 */
async function recordOutcome(
  context: GroundContext,
  row: { id: number; attempts: number },
  outcome: SendOutcome,
  options: { delays: readonly number[]; timing: AttemptTiming },
): Promise<void> {
  const now = context.now();
  const next = outcome.kind === "retry" ? nextRetryAt(row.attempts, now, options.delays, outcome.retryAfterMs) : null;
  // The outcome and its record commit together, so a reader never sees a finished reply without its last attempt.
  await context.store.db.transaction().execute(async (trx) => {
    const db = withFrontDeskTables(trx);
    if (outcome.kind === "delivered") {
      await db
        .updateTable("deliveries")
        .set({ status: "delivered", message_id: outcome.messageId, delivered_at: now.toISOString(), last_error: null })
        .where("id", "=", row.id)
        .execute();
    } else {
      await db
        .updateTable("deliveries")
        .set({
          last_error: toStorableText(outcome.error.slice(0, 2000)),
          ...(next === null ? { status: "dead" as const } : { next_attempt_at: next.toISOString() }),
        })
        .where("id", "=", row.id)
        .execute();
    }
    await recordOutboundAttempt(trx, "reply_attempts", toReplyAttempt(row, outcome, { next, timing: options.timing }));
  });
  if (outcome.kind !== "delivered" && next === null) {
    context.logger.warn({ delivery: row.id, error: outcome.error }, "front-desk reply dead-lettered");
  }
  pruneOutboundAttemptsNow(context);
}

/** One attempt at a reply, timed, and its outcome recorded. */
async function attempt(context: GroundContext, row: DeliveryRow, delays: readonly number[]): Promise<void> {
  const startedAt = context.now();
  const started = performance.now();
  const outcome = await sendReply(context, row);
  const timing = { startedAt, latencyMs: performance.now() - started };
  await recordOutcome(context, row, outcome, { delays, timing });
}

/**
 * A11: the background loop that sends the front desk's replies from the durable outbox (the claim loop the run
 * worker and the callback dispatcher share), retrying on D25's ladder and dead-lettering after its last step.
 */
export function createDeliveryDispatcher(context: GroundContext, options: DeliveryDispatcherOptions = {}): ClaimLoop {
  const delays = options.retryDelaysMs ?? CALLBACK_RETRY_DELAYS_MS;
  return createClaimLoop({
    name: "delivery dispatcher",
    claim: (limit) =>
      claimDeliveries(context.store.db, {
        dialect: context.store.dialect,
        limit,
        leaseMs: options.leaseMs ?? LEASE_MS,
        now: context.now(),
      }),
    work: (row) => attempt(context, row, delays),
    concurrency: options.concurrency ?? 8,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    logger: context.logger,
  });
}
