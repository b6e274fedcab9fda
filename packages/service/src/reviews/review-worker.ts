import { randomUUID } from "node:crypto";
import type { ServiceContext } from "../service-context.ts";
import { createWakeableSleep } from "../store/wakeable-sleep.ts";
import { claimReviewLease, listClaimableReviews, REVIEW_LEASE_MS } from "./review-lease.ts";
import { type ReviewSettings, runReview } from "./run-review.ts";

/** A2 options: the review settings, and how often queued and abandoned reviews are looked for (default 5 s). */
export interface ReviewWorkerOptions extends Partial<ReviewSettings> {
  readonly pollMs?: number;
}

/** Runs queued reviews one at a time on this instance, and takes over reviews whose instance died. */
export interface ReviewWorker {
  start(): void;
  /** Ends the poll's sleep, so a review just queued starts now. */
  wake(): void;
  /** Claims and runs every claimable review once (what each poll does). */
  runDue(): Promise<void>;
  /** Waits for the review this instance runs. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** The review worker of a service (started with it, as the sources syncer is). */
export function createReviewWorker(context: ServiceContext, options: ReviewWorkerOptions = {}): ReviewWorker {
  const settings: ReviewSettings = {
    leaseMs: options.leaseMs ?? REVIEW_LEASE_MS,
    progressMs: options.progressMs ?? 500,
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency,
  };
  const pollMs = options.pollMs ?? 5_000;
  const alarm = createWakeableSleep();
  let current: Promise<void> = Promise.resolve();
  let loop: Promise<void> | undefined;
  let active = false;

  async function runDue() {
    for (const reviewId of await listClaimableReviews(context.store.db, context.now())) {
      if (!active && loop !== undefined) return;
      const owner = randomUUID();
      if (!(await claimReviewLease(context.store.db, reviewId, owner, context.now(), settings.leaseMs))) continue;
      current = runReview(context, { reviewId, owner }, settings);
      await current;
    }
  }

  async function poll() {
    while (active) {
      alarm.clear();
      try {
        await runDue();
      } catch (error) {
        context.logger.error({ err: error }, "looking for reviews failed; trying again next poll");
      }
      await alarm.sleep(pollMs);
    }
  }

  return {
    start() {
      if (active) return;
      active = true;
      loop = poll();
    },
    wake: () => alarm.wake(),
    runDue,
    idle: () => current,
    async stop() {
      active = false;
      alarm.wake();
      await loop;
      await current;
    },
  };
}
