import type { Kysely } from "kysely";
import { whyNotStartable } from "../runs/check-startable.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { Database, DialectName, TriggerRow, WorkflowRow } from "../store/index.ts";
import { insertFailedFiring, recordFiring, toPayloadInput } from "../triggers/index.ts";
import type { DueClaim } from "./claim-due-triggers.ts";
import { type FiringTally, NO_FIRINGS, sumTallies } from "./firing-tally.ts";
import { planDueTrigger, type TriggerPlan } from "./plan-due-trigger.ts";
import { recordMissedSlots } from "./record-missed-slots.ts";

/** What firing needs from the service. */
export interface FiringDeps {
  readonly dialect: DialectName;
  readonly executor: WorkflowExecutor;
  readonly catchUpWindowMs: number;
  now(): Date;
}

/** The claimed triggers still enabled and due at their claimed slot, locked; the others' claims are let go. */
export async function lockStillDue(
  trx: Kysely<Database>,
  deps: FiringDeps,
  claims: readonly DueClaim[],
): Promise<{ claim: DueClaim; row: TriggerRow }[]> {
  const rows = await trx
    .selectFrom("triggers")
    .selectAll()
    .where(
      "id",
      "in",
      claims.map((claim) => claim.id),
    )
    .$if(deps.dialect === "postgres", (query) => query.forUpdate())
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const live: { claim: DueClaim; row: TriggerRow }[] = [];
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

/** Moves a trigger to its next fire time and lets its claim go. */
export async function moveOn(trx: Kysely<Database>, trigger: TriggerRow, next: string | null): Promise<void> {
  await trx
    .updateTable("triggers")
    .set({ next_fire_at: next, claimed_until: null })
    .where("id", "=", trigger.id)
    .execute();
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
  const workflowIds = [...new Set(live.map(({ row }) => row.workflow_id))];
  const workflows = new Map(
    (await trx.selectFrom("workflows").selectAll().where("id", "in", workflowIds).execute()).map((row) => [
      row.id,
      row,
    ]),
  );
  const now = deps.now();
  // Triggers sharing a schedule and slot share a plan, and a workflow's startability is checked once.
  const plans = new Map<string, TriggerPlan>();
  const refusals = new Map<number, string | null>();
  const refusalOf = (workflow: WorkflowRow) => {
    if (!refusals.has(workflow.id)) refusals.set(workflow.id, whyNotStartable(workflow, deps.executor));
    return refusals.get(workflow.id) ?? null;
  };
  for (const { claim, row } of live) {
    const key = [row.cron, row.timezone, row.start_date, row.end_date, claim.slot].join("|");
    let plan = plans.get(key);
    if (plan === undefined) {
      plan = planDueTrigger(row, { slot: claim.slot, now, catchUpWindowMs: deps.catchUpWindowMs });
      plans.set(key, plan);
    }
    const workflow = workflows.get(row.workflow_id);
    const refusal = workflow === undefined ? "The workflow no longer exists." : refusalOf(workflow);
    const result = await carryOut(trx, deps, { row, plan, refusal });
    tally = sumTallies(tally, result);
  }
  return tally;
}

async function carryOut(
  trx: Kysely<Database>,
  deps: FiringDeps,
  input: { row: TriggerRow; plan: TriggerPlan; refusal: string | null },
): Promise<FiringTally> {
  const { row: trigger, plan, refusal } = input;
  const now = deps.now();
  await recordMissedSlots(trx, { triggerId: trigger.id, slots: plan.missed, reason: plan.missedReason }, now);
  const counted = { ...NO_FIRINGS, missed: plan.missed.length, dropped: plan.dropped };
  const alsoSet = { next_fire_at: plan.next, claimed_until: null };
  if (plan.fire === null) {
    await moveOn(trx, trigger, plan.next);
    return counted;
  }
  const scheduledFor = plan.fire.toISOString();
  if (refusal !== null) {
    await insertFailedFiring(trx, { trigger, source: "schedule", scheduledFor, error: refusal, alsoSet }, now);
    return { ...counted, failed: 1 };
  }
  const runInput = toPayloadInput(trigger);
  await recordFiring(trx, { trigger, source: "schedule", scheduledFor, input: runInput, alsoSet }, now);
  return { ...counted, fired: 1 };
}
