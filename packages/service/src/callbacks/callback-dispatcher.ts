import type { Logger } from "pino";
import type { OutboundGuard } from "../outbound/index.ts";
import { pruneOutboundAttemptsNow } from "../outbound-records/prune-outbound-attempts.ts";
import { createClaimLoop } from "../store/claim-loop.ts";
import type { Store } from "../store/index.ts";
import { readCallbackSecrets, signingSecrets } from "./callback-secret.ts";
import type { CallbackDeliveryRow } from "./callback-tables.ts";
import { claimCallbacks } from "./claim-callbacks.ts";
import { recordAttempt } from "./record-attempt.ts";
import { CALLBACK_RETRY_DELAYS_MS, CALLBACK_TIMEOUT_MS } from "./retry-schedule.ts";
import { sendCallback } from "./send-callback.ts";

/** Tuning of the callback dispatcher; the defaults are D25's. */
export interface CallbackDispatcherOptions {
  /** How often the outbox is looked at when nothing wakes the dispatcher; default 1000 ms. */
  readonly pollIntervalMs?: number | undefined;
  /** Attempts in flight at once; default 8. */
  readonly concurrency?: number | undefined;
  /** Per-attempt time-out; default 10 s. */
  readonly timeoutMs?: number | undefined;
  /** Waits before each retry; default 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h. */
  readonly retryDelaysMs?: readonly number[] | undefined;
}

/** The background loop that delivers due outbox rows. */
export interface CallbackDispatcher {
  start(): void;
  /** Stops claiming, aborts attempts in flight and hands their rows back, due at once. */
  stop(): Promise<void>;
  /** Looks at the outbox now instead of at the next poll. */
  wake(): void;
}

/** Creates the D25 dispatcher over a store; its clock decides what is due, so tests move time instead of sleeping. */
export function createCallbackDispatcher(deps: {
  store: Store;
  serviceKey: Buffer;
  logger: Logger;
  now: () => Date;
  outbound: OutboundGuard;
  options?: CallbackDispatcherOptions | undefined;
}): CallbackDispatcher {
  const { store, serviceKey, logger, now, outbound } = deps;
  const timeoutMs = deps.options?.timeoutMs ?? CALLBACK_TIMEOUT_MS;
  const retryDelaysMs = deps.options?.retryDelaysMs ?? CALLBACK_RETRY_DELAYS_MS;
  // A claimed row is someone's for the attempt's time-out plus a margin; after that a crash makes it due again.
  const leaseMs = timeoutMs + 30_000;

  async function attempt(row: CallbackDeliveryRow, signal: AbortSignal): Promise<void> {
    try {
      const secrets = await readCallbackSecrets(store.db, serviceKey, row.organization_id, now());
      const startedAt = now();
      const started = performance.now();
      const outcome = await sendCallback(row, {
        secrets: signingSecrets(secrets),
        now: now(),
        timeoutMs,
        signal,
        outbound,
      });
      const latencyMs = performance.now() - started;
      const status = await recordAttempt(store.db, row, outcome, { now: now(), retryDelaysMs, startedAt, latencyMs });
      pruneOutboundAttemptsNow({ store, logger, now });
      const log = { callbackId: row.id, webhookId: row.webhook_id, attempt: row.attempts, status };
      if (outcome.kind === "failed") logger.warn({ ...log, error: outcome.error }, "callback attempt failed");
      else logger.debug({ ...log, outcome: outcome.kind }, "callback attempt");
    } catch (error) {
      logger.error({ err: error, callbackId: row.id }, "callback bookkeeping failed; the lease will expire");
    }
  }

  return createClaimLoop({
    name: "callback dispatcher",
    claim: (limit) => claimCallbacks(store.db, { dialect: store.dialect, limit, leaseMs, now: now() }),
    work: attempt,
    concurrency: deps.options?.concurrency ?? 8,
    pollIntervalMs: deps.options?.pollIntervalMs ?? 1000,
    logger,
  });
}
