import type { Kysely } from "kysely";
import type { Database, DialectName } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";
import type { RunClaim } from "./finish-run.ts";
import type { RunEventHandler } from "./run-events.ts";

// The two statements of every output, prepared (see preparedQuery). The claim check is a read; on PostgreSQL it
// locks the run row (FOR UPDATE), so two outputs of one run cannot take the same sequence number, and on SQLite the
// one writer serialises them anyway. The insert takes the next sequence number itself.
function buildHold(db: Kysely<Database>, dialect: DialectName) {
  return db
    .selectFrom("workflow_runs")
    .selectAll()
    .where("id", "=", param<number>("id"))
    .where("status", "=", "running")
    .where("attempts", "=", param<number>("attempts"))
    .$if(dialect === "postgres", (query) => query.forUpdate());
}
const HOLD_CLAIMED_RUN = {
  sqlite: preparedQuery((db: Kysely<Database>) => buildHold(db, "sqlite")),
  postgres: preparedQuery((db: Kysely<Database>) => buildHold(db, "postgres")),
} as const;
const insertNextOutput = preparedQuery((db: Kysely<Database>) =>
  db
    .insertInto("run_outputs")
    .values((eb) => ({
      workflow_run_id: param<number>("runId"),
      sequence: eb
        .selectFrom("run_outputs")
        .select((inner) => inner.fn.coalesce(inner(inner.fn.max("sequence"), "+", 1), inner.lit(0)).as("next"))
        .where("workflow_run_id", "=", param<number>("runId")),
      stage: param<string>("stage"),
      data: param<string>("data"),
      emitted_at: param<string>("at"),
    }))
    .returning("sequence"),
);

/**
 * D24: records one output event of a running run and emits it in the same transaction. Throws when the claim
 * is stale, which stops the stale execution.
 */
export async function recordOutput(
  db: Kysely<Database>,
  claim: RunClaim,
  output: { stage: string; data: unknown },
  options: { dialect: DialectName; now: Date; onRunEvent: RunEventHandler },
): Promise<void> {
  const at = options.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const run = await HOLD_CLAIMED_RUN[options.dialect].executeTakeFirst(trx, {
      id: claim.id,
      attempts: claim.attempts,
    });
    if (run === undefined) throw new Error(`run ${claim.id} is no longer held by this worker`);
    const inserted = await insertNextOutput.executeTakeFirst(trx, {
      runId: claim.id,
      stage: output.stage,
      data: JSON.stringify(output.data ?? null),
      at,
    });
    if (inserted === undefined) throw new Error("inserting an output returned no row");
    const sequence = Number(inserted.sequence);
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
