import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";
import type { RunClaim } from "./finish-run.ts";
import type { RunEventHandler } from "./run-events.ts";

// The three statements of every output, prepared (see preparedQuery). The no-op update both checks the claim and
// locks the run row (on PostgreSQL), so two outputs of one run cannot take the same sequence number.
const holdClaimedRun = preparedQuery((db: Kysely<Database>) =>
  db
    .updateTable("workflow_runs")
    .set((eb) => ({ attempts: eb.ref("attempts") }))
    .where("id", "=", param<number>("id"))
    .where("status", "=", "running")
    .where("attempts", "=", param<number>("attempts"))
    .returningAll(),
);
const lastSequence = preparedQuery((db: Kysely<Database>) =>
  db
    .selectFrom("run_outputs")
    .select((eb) => eb.fn.max("sequence").as("sequence"))
    .where("workflow_run_id", "=", param<number>("runId")),
);
const insertOutput = preparedQuery((db: Kysely<Database>) =>
  db.insertInto("run_outputs").values({
    workflow_run_id: param("runId"),
    sequence: param("sequence"),
    stage: param("stage"),
    data: param("data"),
    emitted_at: param("at"),
  }),
);

/**
 * D24: records one output event of a running run and emits it in the same transaction. Throws when the claim
 * is stale, which stops the stale execution.
 */
export async function recordOutput(
  db: Kysely<Database>,
  claim: RunClaim,
  output: { stage: string; data: unknown },
  options: { now: Date; onRunEvent: RunEventHandler },
): Promise<void> {
  const at = options.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const run = await holdClaimedRun.executeTakeFirst(trx, { id: claim.id, attempts: claim.attempts });
    if (run === undefined) throw new Error(`run ${claim.id} is no longer held by this worker`);
    const last = await lastSequence.executeTakeFirst(trx, { runId: claim.id });
    const sequence = last?.sequence === null || last?.sequence === undefined ? 0 : Number(last.sequence) + 1;
    await insertOutput.execute(trx, {
      runId: claim.id,
      sequence,
      stage: output.stage,
      data: JSON.stringify(output.data ?? null),
      at,
    });
    await options.onRunEvent(trx, {
      type: "workflow_run.output",
      run,
      stage: output.stage,
      sequence,
      output: output.data ?? null,
      at,
    });
  });
}
