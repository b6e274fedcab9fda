import { randomUUID } from "node:crypto";
import type { GroundContext } from "../context/ground-context.ts";
import { type ClaimLoop, createClaimLoop } from "../store/claim-loop.ts";
import { claimReviewLease, listClaimableReviews, REVIEW_LEASE_MS } from "./review-lease.ts";
import { type ReviewSettings, runReview } from "./run-review.ts";

/** A2 options: the review settings, and how often queued and abandoned reviews are looked for (default 5 s). */
export interface ReviewWorkerOptions extends Partial<ReviewSettings> {
  readonly pollMs?: number;
}

/** Runs queued reviews one at a time on this instance, and takes over reviews whose instance died. */
export type ReviewWorker = ClaimLoop;

/**
 * The review worker of a service (started with it, as the sources syncer is): the claim loop the run worker and the
 * dispatchers share, over reviews claimed under their lease, one at a time.
 */
export function createReviewWorker(context: GroundContext, options: ReviewWorkerOptions = {}): ReviewWorker {
  const settings: ReviewSettings = {
    leaseMs: options.leaseMs ?? REVIEW_LEASE_MS,
    progressMs: options.progressMs ?? 500,
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency,
  };
  return createClaimLoop({
    name: "review worker",
    async claim(limit) {
      const claimed: { reviewId: number; owner: string }[] = [];
      for (const reviewId of await listClaimableReviews(context.store.db, context.now())) {
        if (claimed.length >= limit) break;
        const owner = randomUUID();
        if (await claimReviewLease(context.store.db, reviewId, owner, context.now(), settings.leaseMs)) {
          claimed.push({ reviewId, owner });
        }
      }
      return claimed;
    },
    work: (claimed) => runReview(context, claimed, settings),
    concurrency: 1,
    pollIntervalMs: options.pollMs ?? 5_000,
    logger: context.logger,
  });
}
