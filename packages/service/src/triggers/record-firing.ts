import type { RunSource, TriggerRunSource } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { enqueueRun, enqueueRuns, type NewRun } from "../runs/enqueue-run.ts";
import type { RunInput } from "../runs/run-input.ts";
import { type Database, inChunks, type TriggerRow, type TriggerRunRow, type WorkflowRunRow } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";

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

// Every hook and firing runs these two; prepared, they skip Kysely's per-call build (see preparedQuery).
const insertTriggerRun = preparedQuery((db: Kysely<Database>) =>
  db
    .insertInto("trigger_runs")
    .values({
      trigger_id: param("triggerId"),
      source: param("source"),
      scheduled_for: param("scheduledFor"),
      fired_at: param("at"),
      status: param("status"),
      workflow_run_id: param("workflowRunId"),
      error: param("error"),
    })
    .returningAll(),
);
const countPlainFiring = preparedQuery((db: Kysely<Database>) =>
  db
    .updateTable("triggers")
    .set((eb) => ({ fire_count: eb("fire_count", "+", 1), last_fired_at: param<string>("at") }))
    .where("id", "=", param<number>("triggerId")),
);

const countScheduledFiring = preparedQuery((db: Kysely<Database>) =>
  db
    .updateTable("triggers")
    .set((eb) => ({
      fire_count: eb("fire_count", "+", 1),
      last_fired_at: param<string>("at"),
      next_fire_at: param<string | null>("nextFireAt"),
      claimed_until: null,
    }))
    .where("id", "=", param<number>("triggerId")),
);

async function countFiring(
  trx: Kysely<Database>,
  triggerId: number,
  at: string,
  nextFireAt: string | null | undefined,
): Promise<void> {
  if (nextFireAt === undefined) await countPlainFiring.execute(trx, { triggerId, at });
  else await countScheduledFiring.execute(trx, { triggerId, at, nextFireAt });
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
  const triggerRun = await insertTriggerRun.executeTakeFirst(trx, {
    triggerId: values.trigger_id,
    source: values.source,
    scheduledFor: values.scheduled_for,
    at,
    status: values.status,
    workflowRunId: values.workflow_run_id,
    error: values.error,
  });
  if (triggerRun === undefined) throw new Error("inserting a trigger run returned no row");
  await countFiring(trx, firing.trigger.id, at, firing.nextFireAt);
  return { run, triggerRun };
}

/**
 * Records firings of distinct triggers that start runs, as `recordFiring` does for each, with a few multi-row
 * statements instead of four per firing: the scheduler's path, which fires a group of due triggers in one
 * transaction. Triggers moving to the same next fire time share one counter update. A lone firing takes
 * recordFiring's prepared statements (PostgreSQL fires one per transaction).
 */
export async function recordFirings(trx: Kysely<Database>, firings: readonly Firing[], now: Date): Promise<void> {
  const [only] = firings;
  if (only !== undefined && firings.length === 1) {
    await recordFiring(trx, only, now);
    return;
  }
  if (new Set(firings.map((firing) => firing.trigger.id)).size !== firings.length) {
    throw new Error("recordFirings: each trigger fires at most once per call");
  }
  const at = now.toISOString();
  const runIds = await enqueueRuns(trx, firings.map(toNewRun), now);
  const triggerRuns = firings.map((firing, index) => succeededTriggerRun(firing, runIds[index] as number, at));
  for (const chunk of inChunks(triggerRuns)) await trx.insertInto("trigger_runs").values(chunk).execute();
  const byNext = new Map<string | null | undefined, number[]>();
  for (const { trigger, nextFireAt } of firings) {
    const ids = byNext.get(nextFireAt) ?? [];
    ids.push(trigger.id);
    byNext.set(nextFireAt, ids);
  }
  for (const [nextFireAt, ids] of byNext) {
    for (const chunk of inChunks(ids)) {
      await trx
        .updateTable("triggers")
        .set((eb) => ({
          fire_count: eb("fire_count", "+", 1),
          last_fired_at: at,
          ...(nextFireAt === undefined ? {} : { next_fire_at: nextFireAt, claimed_until: null }),
        }))
        .where("id", "in", chunk)
        .execute();
    }
  }
}

/** Records a firing whose run could not start, inside the caller's transaction (SPEC: every firing is a trigger run). */
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
  await countFiring(trx, firing.trigger.id, at, firing.nextFireAt);
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
