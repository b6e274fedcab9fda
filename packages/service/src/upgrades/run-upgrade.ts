import { type AppRow, withAppTables } from "../apps/app-tables.ts";
import {
  type UpgradeOutcomeOf,
  type UpgradeTarget,
  upgradeInstallation,
  upgradeTargetOf,
} from "../installations/upgrade-installations.ts";
import { leaseExpiry } from "../store/job-lease.ts";
import { finishUpgrade, type UpgradeEnding } from "./finish-upgrade.ts";
import { releaseUpgradeLease } from "./upgrade-lease.ts";
import { type UpgradeJobItemRow, type UpgradeJobRow, withUpgradeTables } from "./upgrade-tables.ts";
import type { UpgradesContext } from "./upgrades-context.ts";

/** D581 tuning: the lease (renewed by each installation's record) and how many installations are read at a time. */
export interface UpgradeSettings {
  readonly leaseMs: number;
  readonly batchSize: number;
}

/** A claimed job: its id and the lease owner this worker holds it as. */
export interface ClaimedUpgrade {
  readonly jobId: number;
  readonly owner: string;
}

/**
 * Records what the job did with one installation and counts it, renewing the lease, in one transaction and only
 * while `owner` holds the job: the point a restart resumes from. Undefined when the lease was lost; otherwise
 * whether a cancel was asked meanwhile.
 */
async function recordOutcome(
  context: UpgradesContext,
  run: ClaimedUpgrade & { leaseMs: number },
  item: UpgradeJobItemRow,
  result: UpgradeOutcomeOf,
): Promise<{ cancelRequested: boolean } | undefined> {
  const now = context.now();
  const at = now.toISOString();
  return withUpgradeTables(context.store.db)
    .transaction()
    .execute(async (trx) => {
      const job = await trx
        .updateTable("upgrade_jobs")
        .set((eb) => ({
          done: eb("done", "+", 1),
          [result.outcome]: eb(result.outcome, "+", 1),
          lease_expires_at: leaseExpiry(now, run.leaseMs),
          updated_at: at,
        }))
        .where("id", "=", run.jobId)
        .where("lease_owner", "=", run.owner)
        .where("state", "=", "running")
        .returning("cancel_requested")
        .executeTakeFirst();
      if (job === undefined) return undefined;
      await trx
        .updateTable("upgrade_job_items")
        .set({ outcome: result.outcome, reason: result.reason, handled_at: at })
        .where("job_id", "=", run.jobId)
        .where("position", "=", item.position)
        .where("outcome", "is", null)
        .execute();
      return { cancelRequested: job.cancel_requested === 1 };
    });
}

/** The job's App as it is now, or why the job cannot go on (the App's published version changed). */
async function appOf(context: UpgradesContext, job: UpgradeJobRow): Promise<AppRow | { stop: string }> {
  const app = await withAppTables(context.store.db)
    .selectFrom("apps")
    .selectAll()
    .where("id", "=", job.app_id)
    .executeTakeFirst();
  if (app !== undefined && app.published_version === job.to_version) return app;
  return { stop: `version ${job.to_version} is no longer the published version; start a new upgrade` };
}

/** The next installations the job has not handled, in its order. */
function nextBatch(context: UpgradesContext, jobId: number, size: number) {
  return withUpgradeTables(context.store.db)
    .selectFrom("upgrade_job_items")
    .selectAll()
    .where("job_id", "=", jobId)
    .where("outcome", "is", null)
    .orderBy("position")
    .limit(size)
    .execute();
}

/** Works through the job's batches until it ends, the lease is lost or the worker stops. */
async function workThrough(
  context: UpgradesContext,
  job: UpgradeJobRow,
  run: ClaimedUpgrade,
  settings: UpgradeSettings,
  signal: AbortSignal,
): Promise<UpgradeEnding | "stopped" | "lost"> {
  let target: UpgradeTarget | undefined;
  let cancelRequested = job.cancel_requested === 1;
  for (;;) {
    if (cancelRequested) return { state: "cancelled" };
    if (signal.aborted) return "stopped";
    const app = await appOf(context, job);
    if ("stop" in app) return { state: "failed", error: app.stop };
    const batch = await nextBatch(context, job.id, settings.batchSize);
    if (batch.length === 0) return { state: "done" };
    target ??= await upgradeTargetOf(context, app, job.to_version);
    for (const item of batch) {
      const result = await upgradeInstallation(context, target, {
        id: item.installation_id,
        fromVersion: item.from_version,
      });
      const recorded = await recordOutcome(context, { ...run, leaseMs: settings.leaseMs }, item, result);
      if (recorded === undefined) return "lost";
      cancelRequested = recorded.cancelRequested;
      if (cancelRequested || signal.aborted) break;
    }
  }
}

/**
 * D581: runs one claimed upgrade job: its installations in batches, each recorded as it is handled (so a restart
 * resumes after the last one recorded), until none is left, a cancel is asked (D582) or the worker stops (the lease
 * is handed back for the next instance). Never rejects for a job's own trouble: that ends it `failed`.
 */
export async function runUpgrade(
  context: UpgradesContext,
  run: ClaimedUpgrade,
  settings: UpgradeSettings,
  signal: AbortSignal,
): Promise<void> {
  const { db } = context.store;
  const job = await withUpgradeTables(db)
    .selectFrom("upgrade_jobs")
    .selectAll()
    .where("id", "=", run.jobId)
    .executeTakeFirstOrThrow();
  context.logger.info({ upgrade: job.id, attempt: job.attempts, done: job.done, total: job.total }, "upgrade started");
  let ending: UpgradeEnding | "stopped" | "lost";
  try {
    ending = await workThrough(context, job, run, settings, signal);
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : String(failure);
    context.logger.warn({ upgrade: job.id, err: failure }, "an upgrade failed");
    ending = { state: "failed", error: message };
  }
  if (ending === "stopped") {
    await releaseUpgradeLease(db, job.id, run.owner, context.now());
    context.logger.info({ upgrade: job.id }, "upgrade handed back on stop; the next instance resumes it");
  } else if (ending === "lost" || !(await finishUpgrade(db, job.id, run.owner, ending, context.now()))) {
    context.logger.warn({ upgrade: job.id }, "an upgrade lost its lease; another instance goes on with it");
  } else {
    context.logger.info({ upgrade: job.id, state: ending.state }, "upgrade finished");
  }
}
