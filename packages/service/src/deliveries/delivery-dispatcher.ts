import { CALLBACK_RETRY_DELAYS_MS, nextAttemptAt } from "../callbacks/retry-schedule.ts";
import { withFrontDeskTables } from "../front-desk/front-desk-tables.ts";
import { toStorableText } from "../inbound/to-storable-message.ts";
import type { ServiceContext } from "../service-context.ts";
import { type ClaimLoop, createClaimLoop } from "../store/claim-loop.ts";
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

/** Records how an attempt ended: delivered with its message_id, retried on the ladder, or dead-lettered. */
async function recordOutcome(
  context: ServiceContext,
  row: { id: number; attempts: number },
  outcome: SendOutcome,
  delays: readonly number[],
): Promise<void> {
  const now = context.now();
  const db = withFrontDeskTables(context.store.db);
  if (outcome.kind === "delivered") {
    await db
      .updateTable("deliveries")
      .set({ status: "delivered", message_id: outcome.messageId, delivered_at: now.toISOString(), last_error: null })
      .where("id", "=", row.id)
      .execute();
    return;
  }
  const next = outcome.kind === "retry" ? nextAttemptAt(row.attempts, now, delays) : null;
  await db
    .updateTable("deliveries")
    .set({
      last_error: toStorableText(outcome.error.slice(0, 2000)),
      ...(next === null ? { status: "dead" as const } : { next_attempt_at: next.toISOString() }),
    })
    .where("id", "=", row.id)
    .execute();
  if (next === null) context.logger.warn({ delivery: row.id, error: outcome.error }, "front-desk reply dead-lettered");
}

/**
 * A11: the background loop that sends the front desk's replies from the durable outbox (the claim loop the run
 * worker and the callback dispatcher share), retrying on D25's ladder and dead-lettering after its last step.
 */
export function createDeliveryDispatcher(context: ServiceContext, options: DeliveryDispatcherOptions = {}): ClaimLoop {
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
    work: async (row) => recordOutcome(context, row, await sendReply(context, row), delays),
    concurrency: options.concurrency ?? 8,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    logger: context.logger,
  });
}
