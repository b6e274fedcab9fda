import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import type { RunClaim } from "./finish-run.ts";
import type { RunEventHandler } from "./run-events.ts";

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
    // The no-op update both checks the claim and locks the run row, so sequences cannot collide.
    const run = await trx
      .updateTable("workflow_runs")
      .set((eb) => ({ attempts: eb.ref("attempts") }))
      .where("id", "=", claim.id)
      .where("status", "=", "running")
      .where("attempts", "=", claim.attempts)
      .returningAll()
      .executeTakeFirst();
    if (run === undefined) throw new Error(`run ${claim.id} is no longer held by this worker`);
    const last = await trx
      .selectFrom("run_outputs")
      .select((eb) => eb.fn.max("sequence").as("sequence"))
      .where("workflow_run_id", "=", claim.id)
      .executeTakeFirst();
    const sequence = last?.sequence === null || last?.sequence === undefined ? 0 : Number(last.sequence) + 1;
    await trx
      .insertInto("run_outputs")
      .values({
        workflow_run_id: claim.id,
        sequence,
        stage: output.stage,
        data: JSON.stringify(output.data ?? null),
        emitted_at: at,
      })
      .execute();
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
