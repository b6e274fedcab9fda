import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";
import { toJsonColumn } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";
import type { RunEventHandler } from "./run-events.ts";
import type { ExecutionResult } from "./workflow-executor.ts";

/** Which claim of a run a worker holds: a later claim (after a lost lease) makes earlier ones stale. */
export interface RunClaim {
  readonly id: number;
  readonly attempts: number;
}

// Every run ends here; prepared, it skips Kysely's per-call build (see preparedQuery).
const finishClaimed = preparedQuery((db: Kysely<Database>) =>
  db
    .updateTable("workflow_runs")
    .set({
      status: param<string>("status"),
      output: param<string | null>("output"),
      error: param<string | null>("error"),
      finished_at: param<string>("at"),
      lease_expires_at: null,
    })
    .where("id", "=", param<number>("id"))
    .where("status", "=", "running")
    .where("attempts", "=", param<number>("attempts"))
    .returningAll(),
);

/**
 * Moves a running run to completed or failed and emits the event in the same transaction. Returns false when
 * the claim is stale (another worker took the run over), in which case nothing changes.
 */
export async function finishRun(
  db: Kysely<Database>,
  claim: RunClaim,
  result: ExecutionResult,
  options: { now: Date; onRunEvent: RunEventHandler },
): Promise<boolean> {
  const at = options.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const run = await finishClaimed.executeTakeFirst(trx, {
      status: result.status,
      output: result.status === "completed" ? toJsonColumn(result.output ?? null) : null,
      error: result.status === "failed" ? result.error : null,
      at,
      id: claim.id,
      attempts: claim.attempts,
    });
    if (run === undefined) return false;
    await emitFinished(trx, run, result, at, options.onRunEvent);
    return true;
  });
}

async function emitFinished(
  trx: Kysely<Database>,
  run: WorkflowRunRow,
  result: ExecutionResult,
  at: string,
  onRunEvent: RunEventHandler,
): Promise<void> {
  if (result.status === "completed") {
    await onRunEvent(trx, { type: "workflow_run.completed", run, output: result.output ?? null, at });
  } else {
    await onRunEvent(trx, { type: "workflow_run.failed", run, error: result.error, at });
  }
}

/** Fails a run whatever its claim (used when giving up on an interrupted run); false if it already ended. */
export async function failRun(
  db: Kysely<Database>,
  id: number,
  error: string,
  options: { now: Date; onRunEvent: RunEventHandler },
): Promise<boolean> {
  const at = options.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .updateTable("workflow_runs")
      .set({ status: "failed", error, finished_at: at, lease_expires_at: null })
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .returningAll()
      .executeTakeFirst();
    if (run === undefined) return false;
    await options.onRunEvent(trx, { type: "workflow_run.failed", run, error, at });
    return true;
  });
}
