import type { Kysely } from "kysely";
import { whyNotStartable } from "../runs/check-startable.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { Database, DialectName, TriggerRow } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";
import { type Firing, insertFailedFiring, recordFirings, toPayloadInput } from "../triggers/index.ts";
import type { DueClaim } from "./claim-due-triggers.ts";
import { createFiringMemo, type FiringMemo } from "./firing-memo.ts";
import { type FiringTally, NO_FIRINGS, sumTallies } from "./firing-tally.ts";
import { planDueTrigger, type TriggerPlan } from "./plan-due-trigger.ts";
import { recordMissedSlots } from "./record-missed-slots.ts";

/** What firing needs from the service. */
export interface FiringDeps {
  readonly dialect: DialectName;
  readonly executor: WorkflowExecutor;
  readonly catchUpWindowMs: number;
  /** The clock for timestamps (fired_at, created_at). */
  now(): Date;
  /** Shared by the groups of one claimed batch; a group without one plans at the current time. */
  readonly memo?: FiringMemo | undefined;
}

/** The columns firing a due trigger reads: whether it is still due, its schedule, its workflow and its payload. */
const DUE_COLUMNS = [
  "id",
  "organization_id",
  "workflow_id",
  "type",
  "enabled",
  "next_fire_at",
  "cron",
  "timezone",
  "start_date",
  "end_date",
  "input_payload",
] as const;

/** A due trigger as firing reads it. */
export type DueTrigger = Pick<TriggerRow, (typeof DUE_COLUMNS)[number]>;

/** The claimed triggers still enabled and due at their claimed slot, locked; the others' claims are let go. */
export async function lockStillDue(
  trx: Kysely<Database>,
  deps: FiringDeps,
  claims: readonly DueClaim[],
): Promise<{ claim: DueClaim; row: DueTrigger }[]> {
  const rows = await trx
    .selectFrom("triggers")
    .select(DUE_COLUMNS)
    .where(
      "id",
      "in",
      claims.map((claim) => claim.id),
    )
    .$if(deps.dialect === "postgres", (query) => query.forUpdate())
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const live: { claim: DueClaim; row: DueTrigger }[] = [];
  for (const claim of claims) {
    const row = byId.get(claim.id);
    if (row === undefined) continue;
    if (row.type === "schedule" && row.enabled === 1 && row.next_fire_at === claim.slot) live.push({ claim, row });
    else {
      await trx
        .updateTable("triggers")
        .set({ claimed_until: null })
        .where("id", "=", claim.id)
        .where("claimed_until", "=", claim.lease)
        .execute();
    }
  }
  return live;
}

const moveOnQuery = preparedQuery((db: Kysely<Database>) =>
  db
    .updateTable("triggers")
    .set({ next_fire_at: param<string | null>("next"), claimed_until: null })
    .where("id", "=", param<number>("id")),
);

/** Moves a trigger to its next fire time and lets its claim go. */
export async function moveOn(
  trx: Kysely<Database>,
  trigger: Pick<TriggerRow, "id">,
  next: string | null,
): Promise<void> {
  await moveOnQuery.execute(trx, { id: trigger.id, next });
}

/**
 * Inside the caller's transaction, fires claimed triggers that are still due: for each, the D21 plan — one run (or
 * a failed firing) for the latest slot, `missed` for the rest — and `next_fire_at` moved past now. A firing's run,
 * trigger run and counters are written together.
 */
export async function fireGroup(
  trx: Kysely<Database>,
  deps: FiringDeps,
  claims: readonly DueClaim[],
): Promise<FiringTally> {
  const live = await lockStillDue(trx, deps, claims);
  let tally: FiringTally = { ...NO_FIRINGS, skipped: claims.length - live.length };
  if (live.length === 0) return tally;
  const memo = deps.memo ?? createFiringMemo(deps.now());
  const unknown = [...new Set(live.map(({ row }) => row.workflow_id))].filter((id) => !memo.refusals.has(id));
  if (unknown.length > 0) {
    const workflows = await trx.selectFrom("workflows").selectAll().where("id", "in", unknown).execute();
    for (const workflow of workflows) memo.refusals.set(workflow.id, whyNotStartable(workflow, deps.executor));
  }
  const firings: Firing[] = [];
  for (const { claim, row } of live) {
    // Triggers sharing a schedule and a slot share a plan.
    const key = [row.cron, row.timezone, row.start_date, row.end_date, claim.slot].join("|");
    let plan = memo.plans.get(key);
    if (plan === undefined) {
      plan = planDueTrigger(row, { slot: claim.slot, now: memo.now, catchUpWindowMs: deps.catchUpWindowMs });
      memo.plans.set(key, plan);
    }
    const refusal = memo.refusals.get(row.workflow_id) ?? null;
    const result = await carryOut(trx, deps, { row, plan, refusal });
    tally = sumTallies(tally, result.tally);
    if (result.firing !== undefined) firings.push(result.firing);
  }
  // The runs of the group are written together: a few multi-row statements instead of four per firing.
  await recordFirings(trx, firings, deps.now());
  return sumTallies(tally, { ...NO_FIRINGS, fired: firings.length });
}

/** Writes what a trigger's plan says except its run, which is returned to be recorded with the group's. */
async function carryOut(
  trx: Kysely<Database>,
  deps: FiringDeps,
  input: { row: DueTrigger; plan: TriggerPlan; refusal: string | null },
): Promise<{ tally: FiringTally; firing?: Firing }> {
  const { row: trigger, plan, refusal } = input;
  const now = deps.now();
  await recordMissedSlots(trx, { triggerId: trigger.id, slots: plan.missed, reason: plan.missedReason }, now);
  const tally = { ...NO_FIRINGS, missed: plan.missed.length, dropped: plan.dropped };
  if (plan.fire === null) {
    await moveOn(trx, trigger, plan.next);
    return { tally };
  }
  const scheduledFor = plan.fire.toISOString();
  if (refusal !== null) {
    const failed = { trigger, source: "schedule", scheduledFor, error: refusal, nextFireAt: plan.next } as const;
    await insertFailedFiring(trx, failed, now);
    return { tally: { ...tally, failed: 1 } };
  }
  const runInput = toPayloadInput(trigger);
  return { tally, firing: { trigger, source: "schedule", scheduledFor, input: runInput, nextFireAt: plan.next } };
}
