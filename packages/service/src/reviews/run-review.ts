import { type ConformanceReport, type ProgressEvent, runConformance } from "@adapterkit/conformance";
import { appSigningSecrets } from "../apps/app-signing-secret.ts";
import { withAppTables } from "../apps/app-tables.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { readFixtures } from "./app-fixtures.ts";
import { finishReview, type ReviewOutcome } from "./finish-review.ts";
import { MAX_REVIEW_ATTEMPTS, renewReviewLease } from "./review-lease.ts";
import { type ReviewRow, withReviewTables } from "./review-tables.ts";

/** A2 tuning: the lease (renewed every third of it), how often progress is written, the runner's own settings. */
export interface ReviewSettings {
  readonly leaseMs: number;
  /** At most one progress write per this many ms (the last one always lands with the report). */
  readonly progressMs: number;
  /** The runner's per-call time-out for every endpoint; default the contract's (D11). */
  readonly timeoutMs?: number | undefined;
  readonly concurrency?: number | undefined;
}

/**
 * Runs one claimed review: the conformance runner in its review profile (slow checks included) against the App's
 * base URL through the outbound guard, signed with the App's secret in force, with its fixtures; progress on the row; then the outcome (finishReview). Never
 * rejects: a failure of the run itself ends the review `errored`.
 */
export async function runReview(
  context: GroundContext,
  run: { reviewId: number; owner: string },
  settings: ReviewSettings,
): Promise<void> {
  const { db } = context.store;
  const review = await withReviewTables(db)
    .selectFrom("reviews")
    .selectAll()
    .where("id", "=", run.reviewId)
    .executeTakeFirstOrThrow();
  context.logger.info({ review: review.id, app: review.app_id, attempt: review.attempts }, "review started");
  const heartbeat = startHeartbeat(context, run, settings.leaseMs);
  let outcome: ReviewOutcome;
  try {
    outcome =
      review.attempts > MAX_REVIEW_ATTEMPTS
        ? {
            kind: "errored",
            error: `The review was interrupted ${MAX_REVIEW_ATTEMPTS} times (restarts); submit again.`,
          }
        : { kind: "report", report: await conformanceOf(context, review, run, settings) };
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : String(failure);
    context.logger.warn({ review: review.id, err: failure }, "a review ended without a verdict");
    outcome = { kind: "errored", error: message };
  } finally {
    heartbeat.stop();
  }
  const stored = await finishReview(db, review, run.owner, outcome, context.now());
  if (!stored) context.logger.warn({ review: review.id }, "a review lost its lease; another run records the outcome");
  else {
    const result = outcome.kind === "report" ? outcome.report.result : "errored";
    const summary = outcome.kind === "report" ? outcome.report.summary : undefined;
    context.logger.info({ review: review.id, app: review.app_id, result, summary }, "review finished");
  }
}

async function conformanceOf(
  context: GroundContext,
  review: ReviewRow,
  run: { reviewId: number; owner: string },
  settings: ReviewSettings,
): Promise<ConformanceReport> {
  const app = await withAppTables(context.store.db)
    .selectFrom("apps")
    .selectAll()
    .where("id", "=", review.app_id)
    .executeTakeFirstOrThrow();
  const checked = context.outbound.checkUrl(app.base_url);
  if (!checked.ok) throw new Error(`base_url: ${checked.reason}`);
  const [signingSecret] = appSigningSecrets(context.serviceKeys, app, context.now());
  const fixtures = await readFixtures(context, app.id);
  const progress = createProgressWriter(context, run, settings.progressMs);
  try {
    return await runConformance({
      adapterUrl: app.base_url,
      // The review judges what authors may skip locally: the slow checks too (D372).
      profile: "review",
      ...(fixtures === undefined ? {} : { fixtures }),
      ...(signingSecret === undefined ? {} : { signingSecret }),
      ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
      ...(settings.concurrency === undefined ? {} : { concurrency: settings.concurrency }),
      dispatcher: context.outbound.dispatcher,
      onProgress: progress.onProgress,
    });
  } finally {
    await progress.flush();
  }
}

/** Renews the lease every third of it while the run goes on. */
function startHeartbeat(context: GroundContext, run: { reviewId: number; owner: string }, leaseMs: number) {
  const timer = setInterval(() => {
    renewReviewLease(context.store.db, run.reviewId, run.owner, context.now(), leaseMs).catch((error: unknown) =>
      context.logger.warn({ review: run.reviewId, err: error }, "renewing a review's lease failed"),
    );
  }, leaseMs / 3);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Counts the runner's progress events and writes them to the row at most once per `everyMs`. */
function createProgressWriter(context: GroundContext, run: { reviewId: number; owner: string }, everyMs: number) {
  const counts = { checks_done: 0, checks_total: 0, passed: 0, failed: 0, not_applicable: 0 };
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    lastWrite = Date.now();
    const values = { ...counts, updated_at: context.now().toISOString() };
    writing = writing
      .then(async () => {
        await withReviewTables(context.store.db)
          .updateTable("reviews")
          .set(values)
          .where("id", "=", run.reviewId)
          .where("lease_owner", "=", run.owner)
          .execute();
      })
      .catch((error: unknown) => context.logger.warn({ review: run.reviewId, err: error }, "writing progress failed"));
  };
  return {
    onProgress(event: ProgressEvent) {
      if (event.type === "start") counts.checks_total = event.total;
      if (event.type !== "check-end" && event.type !== "start") return;
      if (event.type === "check-end") {
        counts.checks_done = event.done;
        if (event.status !== "skipped") counts[event.status] += 1;
      }
      if (event.type === "start" || Date.now() - lastWrite >= everyMs) write();
    },
    async flush() {
      await writing;
    },
  };
}
