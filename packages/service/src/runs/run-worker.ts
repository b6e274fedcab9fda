import type { RunSource } from "@adapterkit/contract";
import type { Logger } from "pino";
import { createClaimLoop } from "../store/claim-loop.ts";
import type { DialectName, Store, WorkflowRunRow } from "../store/index.ts";
import { claimRuns } from "./claim-runs.ts";
import { finishRun, type RunClaim } from "./finish-run.ts";
import { loadWorkflows } from "./load-workflows.ts";
import { recordOutput } from "./record-output.ts";
import { recoverRuns } from "./recover-runs.ts";
import { releaseRun, renewLease } from "./release-run.ts";
import type { RunEventHandler } from "./run-events.ts";
import { fromInputColumns } from "./run-input.ts";
import type { ExecutableWorkflow, ExecutionResult, WorkflowExecutor } from "./workflow-executor.ts";

/**
 * How many runs execute at once unless told otherwise. On SQLite every write of the process goes through one
 * connection and one group commit, so more runs in flight mostly make the shared commits bigger (a run spends
 * most of its time waiting for them, or for an executor's I/O); on PostgreSQL each run's transactions take
 * connections from the pool of 10 that HTTP requests share.
 */
export const DEFAULT_RUN_CONCURRENCY: Readonly<Record<DialectName, number>> = { sqlite: 16, postgres: 4 };

/** Tuning of the run worker. */
export interface RunWorkerOptions {
  /** Runs executing at once; DEFAULT_RUN_CONCURRENCY of the store's dialect when absent. */
  readonly concurrency?: number | undefined;
  readonly pollIntervalMs?: number | undefined;
  readonly leaseMs?: number | undefined;
}

/** The background loop that executes queued runs. */
export interface RunWorker {
  start(): Promise<void>;
  /** Stops claiming, aborts running executions and hands their runs back to the queue. */
  stop(): Promise<void>;
  /** Looks at the queue now instead of at the next poll (called after a run is enqueued). */
  wake(): void;
  readonly running: boolean;
}

/** Creates the run worker over a store and an executor. */
export function createRunWorker(deps: {
  store: Store;
  executor: WorkflowExecutor;
  onRunEvent: RunEventHandler;
  logger: Logger;
  now: () => Date;
  options?: RunWorkerOptions | undefined;
}): RunWorker {
  const { store, executor, onRunEvent, logger, now } = deps;
  const leaseMs = deps.options?.leaseMs ?? 30_000;

  async function execute(claimed: ClaimedRun, signal: AbortSignal): Promise<void> {
    const { row } = claimed;
    const claim: RunClaim = { id: row.id, attempts: row.attempts };
    const heartbeat = setInterval(
      () => {
        renewLease(store.db, claim, new Date(now().getTime() + leaseMs)).catch((error: unknown) =>
          logger.warn({ err: error, runId: row.id }, "lease renewal failed"),
        );
      },
      Math.max(leaseMs / 3, 50),
    );
    try {
      const result = await runOnce(claimed, claim, signal);
      if (result !== undefined) await finishRun(store.db, claim, result, { now: now(), onRunEvent });
      else await releaseRun(store.db, claim);
    } catch (error) {
      logger.error(
        { err: error, runId: row.id },
        "run bookkeeping failed; the lease will expire and recovery retries it",
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** The execution's result, or undefined when the service is stopping and the run goes back to the queue. */
  async function runOnce(
    { row, workflow }: ClaimedRun,
    claim: RunClaim,
    signal: AbortSignal,
  ): Promise<ExecutionResult | undefined> {
    if (workflow === undefined) return { status: "failed", error: `Workflow ${row.workflow_id} no longer exists.` };
    const problem = executor.check(workflow, row.start_stage);
    if (problem !== null) return { status: "failed", error: problem };
    try {
      return await executor.execute({
        run: {
          id: row.id,
          workflowId: row.workflow_id,
          sessionId: row.session_id,
          triggerId: row.trigger_id,
          source: row.source as RunSource,
          startStage: row.start_stage,
          attempt: row.attempts,
        },
        workflow,
        input: fromInputColumns(row),
        signal,
        emitOutput: (stage, data) =>
          recordOutput(store.db, claim, { stage, data }, { dialect: store.dialect, now: now(), onRunEvent }),
      });
    } catch (error) {
      if (signal.aborted) return undefined;
      logger.error({ err: error, runId: row.id }, "executor threw");
      return { status: "failed", error: "The executor failed unexpectedly; see the service log." };
    }
  }

  let lastRecovery = 0;
  async function claimDue(limit: number): Promise<ClaimedRun[]> {
    // Runs whose lease expired (their worker died) go back to the queue, checked once per lease period.
    if (now().getTime() - lastRecovery > leaseMs) {
      lastRecovery = now().getTime();
      await recoverRuns(store.db, { expiredBefore: now(), now: now(), onRunEvent });
    }
    const claimed = await claimRuns(store.db, { dialect: store.dialect, limit, leaseMs, now: now() });
    const workflows = await loadWorkflows(
      store.db,
      claimed.map((row) => row.workflow_id),
    );
    return claimed.map((row) => ({ row, workflow: workflows.get(row.workflow_id) }));
  }

  const loop = createClaimLoop({
    name: "run worker",
    claim: claimDue,
    work: execute,
    concurrency: deps.options?.concurrency ?? DEFAULT_RUN_CONCURRENCY[store.dialect],
    pollIntervalMs: deps.options?.pollIntervalMs ?? 500,
    logger,
  });

  return {
    get running() {
      return loop.running;
    },
    async start() {
      if (loop.running) return;
      // On SQLite the instance lock proves that no other worker is alive, so every running run is an orphan.
      // The latest 4-digit-year instant: timestamps are compared as text, so a "+275760-…" year would sort first.
      const expiredBefore = store.dialect === "sqlite" ? new Date("9999-12-31T23:59:59.999Z") : now();
      await recoverRuns(store.db, { expiredBefore, now: now(), onRunEvent });
      lastRecovery = now().getTime();
      loop.start();
    },
    stop: () => loop.stop(),
    wake: () => loop.wake(),
  };
}

/** A claimed run and its workflow (undefined when it was deleted meanwhile). */
interface ClaimedRun {
  readonly row: WorkflowRunRow;
  readonly workflow: ExecutableWorkflow | undefined;
}
