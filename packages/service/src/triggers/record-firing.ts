import type { RunSource, TriggerRunSource } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { enqueueRun, enqueueRuns, type NewRun } from "../runs/enqueue-run.ts";
import type { RunInput } from "../runs/run-input.ts";
import { type Database, inChunks, type TriggerRow, type TriggerRunRow, type WorkflowRunRow } from "../store/index.ts";
import { onPostgres, param, preparedBatch, preparedQuery } from "../store/prepared-query.ts";

/** One firing of a trigger. */
export interface Firing {
  readonly trigger: Pick<TriggerRow, "id" | "organization_id" | "workflow_id">;
  readonly source: TriggerRunSource;
  /** The schedule slot; null for webhook, manual and app-event firings. */
  readonly scheduledFor?: string | null | undefined;
  readonly input: RunInput;
  readonly startStage?: string | null | undefined;
  /** A schedule firing's next fire time, set with the counters in one statement (which also ends the claim). */
  readonly nextFireAt?: string | null | undefined;
}

const RUN_SOURCE: Record<TriggerRunSource, RunSource> = {
  schedule: "schedule",
  webhook: "webhook",
  manual: "manual",
  app_event: "app_event",
};

// A lone firing's trigger run, prepared (see preparedQuery); its parameters are the row's columns.
const insertTriggerRun = preparedQuery((db: Kysely<Database>) =>
  db
    .insertInto("trigger_runs")
    .values({
      trigger_id: param("trigger_id"),
      source: param("source"),
      scheduled_for: param("scheduled_for"),
      fired_at: param("fired_at"),
      status: param("status"),
      workflow_run_id: param("workflow_run_id"),
      error: param("error"),
    })
    .returningAll(),
);
type TriggerRunValues = ReturnType<typeof succeededTriggerRun>;
// Each column named: a row here is a placeholder object, which has no keys of its own to copy.
const triggerRunValues = (rows: TriggerRunValues[]) =>
  rows.map((row) => ({
    trigger_id: row.trigger_id,
    source: row.source,
    scheduled_for: row.scheduled_for,
    fired_at: row.fired_at,
    status: row.status,
    workflow_run_id: row.workflow_run_id,
    error: row.error,
  }));
// recordFirings' insert of many trigger runs, prepared per row count (see preparedBatch).
const insertTriggerRuns = preparedBatch((db: Kysely<Database>, rows: TriggerRunValues[]) =>
  db.insertInto("trigger_runs").values(triggerRunValues(rows)),
);
// On PostgreSQL every statement is a round trip, and at a steady rate the system calls of an event's round trips
// cost more of its CPU than anything the service computes (D632). There trigger runs and the counters they move, each
// trigger's by its number of runs, go in one statement (a data-modifying WITH), which gives the runs back; SQLite, in
// process, runs the two (and has no such WITH).
const insertTriggerRunsCounted = preparedBatch((db: Kysely<Database>, rows: TriggerRunValues[]) =>
  db
    .with("inserted", (inner) => inner.insertInto("trigger_runs").values(triggerRunValues(rows)).returningAll())
    .with("counted", (inner) =>
      inner
        .updateTable("triggers")
        .from((eb) =>
          eb
            .selectFrom("inserted")
            .select((select) => [
              "inserted.trigger_id",
              select.fn.countAll<number>().as("fired"),
              select.fn.max("inserted.fired_at").as("at"),
            ])
            .groupBy("inserted.trigger_id")
            .as("runs"),
        )
        .set((eb) => ({ fire_count: eb("fire_count", "+", eb.ref("runs.fired")), last_fired_at: eb.ref("runs.at") }))
        .whereRef("triggers.id", "=", "runs.trigger_id")
        .returning("triggers.id"),
    )
    .selectFrom("inserted")
    .selectAll(),
);

/**
 * Moves the counters of the triggers that fired (and a schedule trigger's next fire time, which also ends its
 * claim): one update per group of triggers that fired equally often and go to the same next fire time.
 */
async function countFirings(
  trx: Kysely<Database>,
  firings: readonly Pick<Firing, "trigger" | "nextFireAt">[],
  at: string,
): Promise<void> {
  const perTrigger = new Map<number, { count: number; nextFireAt: string | null | undefined }>();
  for (const { trigger, nextFireAt } of firings) {
    perTrigger.set(trigger.id, { count: (perTrigger.get(trigger.id)?.count ?? 0) + 1, nextFireAt });
  }
  // next fire time (undefined: unchanged) → times fired → trigger ids
  const groups = new Map<string | null | undefined, Map<number, number[]>>();
  for (const [id, { count, nextFireAt }] of perTrigger) {
    const byCount = groups.get(nextFireAt) ?? new Map<number, number[]>();
    const ids = byCount.get(count) ?? [];
    ids.push(id);
    byCount.set(count, ids);
    groups.set(nextFireAt, byCount);
  }
  for (const [nextFireAt, byCount] of groups) {
    for (const [count, ids] of byCount) {
      for (const chunk of inChunks(ids)) {
        await trx
          .updateTable("triggers")
          .set((eb) => ({
            fire_count: eb("fire_count", "+", count),
            last_fired_at: at,
            ...(nextFireAt === undefined ? {} : { next_fire_at: nextFireAt, claimed_until: null }),
          }))
          .where("id", "in", chunk)
          .execute();
      }
    }
  }
}

function toNewRun(firing: Firing): NewRun {
  const { trigger } = firing;
  return {
    organizationId: trigger.organization_id,
    workflowId: trigger.workflow_id,
    source: RUN_SOURCE[firing.source],
    triggerId: trigger.id,
    input: firing.input,
    startStage: firing.startStage,
  };
}

function succeededTriggerRun(firing: Firing, workflowRunId: number, at: string) {
  return {
    trigger_id: firing.trigger.id,
    source: firing.source,
    scheduled_for: firing.scheduledFor ?? null,
    fired_at: at,
    status: "succeeded",
    workflow_run_id: workflowRunId,
    error: null,
  };
}

/**
 * Records a firing that starts a run, inside the caller's transaction: the queued run, its trigger run and the
 * trigger's counters commit together, and the (trigger, slot) unique index refuses a second run for one slot.
 */
export async function recordFiring(
  trx: Kysely<Database>,
  firing: Firing,
  now: Date,
): Promise<{ run: WorkflowRunRow; triggerRun: TriggerRunRow }> {
  const at = now.toISOString();
  const run = await enqueueRun(trx, toNewRun(firing), now);
  const values = succeededTriggerRun(firing, run.id, at);
  const counted = onPostgres(trx) && firing.nextFireAt === undefined;
  const [triggerRun] = counted
    ? await insertTriggerRunsCounted.execute(trx, [values])
    : await insertTriggerRun.execute(trx, values);
  if (triggerRun === undefined) throw new Error("inserting a trigger run returned no row");
  if (!counted) await countFirings(trx, [firing], at);
  return { run, triggerRun };
}

/**
 * Records firings that start runs, as `recordFiring` does for each, with a few multi-row statements instead of four
 * per firing: the scheduler fires a group of due triggers in one transaction, and hooks that arrive together share
 * one (see createHookIntake). A trigger may fire more than once; its counters move by as many. A lone firing
 * takes recordFiring's single-row statements, none writes nothing. Returns the runs' ids in the order given.
 */
export async function recordFirings(trx: Kysely<Database>, firings: readonly Firing[], now: Date): Promise<number[]> {
  if (firings.length === 0) return [];
  const [only] = firings;
  if (only !== undefined && firings.length === 1) return [(await recordFiring(trx, only, now)).run.id];
  const at = now.toISOString();
  const runIds = await enqueueRuns(trx, firings.map(toNewRun), now);
  const triggerRuns = firings.map((firing, index) => succeededTriggerRun(firing, runIds[index] as number, at));
  if (onPostgres(trx) && firings.every((firing) => firing.nextFireAt === undefined)) {
    await insertTriggerRunsCounted.execute(trx, triggerRuns);
    return runIds;
  }
  await insertTriggerRuns.execute(trx, triggerRuns);
  await countFirings(trx, firings, at);
  return runIds;
}

/**
 * Records a firing whose run could not start, inside the caller's transaction (contract.md#trigger-runs: every firing
 * is a trigger run).
 */
export async function insertFailedFiring(
  trx: Kysely<Database>,
  firing: Omit<Firing, "input" | "startStage"> & { error: string },
  now: Date,
): Promise<TriggerRunRow> {
  const at = now.toISOString();
  const row = await trx
    .insertInto("trigger_runs")
    .values({
      trigger_id: firing.trigger.id,
      source: firing.source,
      scheduled_for: firing.scheduledFor ?? null,
      fired_at: at,
      status: "failed",
      workflow_run_id: null,
      error: firing.error,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await countFirings(trx, [firing], at);
  return row;
}

/** Records a firing whose run could not start, in a transaction of its own. */
export async function recordFailedFiring(
  db: Kysely<Database>,
  firing: Omit<Firing, "input" | "startStage"> & { error: string },
  now: Date,
): Promise<TriggerRunRow> {
  return db.transaction().execute((trx) => insertFailedFiring(trx, firing, now));
}
