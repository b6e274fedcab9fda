import type { RunSource, TriggerRunSource } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { enqueueRun } from "../runs/enqueue-run.ts";
import type { RunInput } from "../runs/run-input.ts";
import type { Database, TriggerRow, TriggerRunRow, WorkflowRunRow } from "../store/index.ts";
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
  const { trigger } = firing;
  const run = await enqueueRun(
    trx,
    {
      organizationId: trigger.organization_id,
      workflowId: trigger.workflow_id,
      source: RUN_SOURCE[firing.source],
      triggerId: trigger.id,
      input: firing.input,
      startStage: firing.startStage,
    },
    now,
  );
  const triggerRun = await insertTriggerRun.executeTakeFirst(trx, {
    triggerId: trigger.id,
    source: firing.source,
    scheduledFor: firing.scheduledFor ?? null,
    at,
    status: "succeeded",
    workflowRunId: run.id,
    error: null,
  });
  if (triggerRun === undefined) throw new Error("inserting a trigger run returned no row");
  await countFiring(trx, trigger.id, at, firing.nextFireAt);
  return { run, triggerRun };
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
