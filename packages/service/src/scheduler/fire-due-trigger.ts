import type { Kysely } from "kysely";
import { whyNotStartable } from "../runs/check-startable.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { Database, DialectName, TriggerRow } from "../store/index.ts";
import { isUniqueViolation } from "../store/index.ts";
import { insertFailedFiring, nextFireAt, readScheduleWindow, recordFiring, toPayloadInput } from "../triggers/index.ts";
import type { DueClaim } from "./claim-due-triggers.ts";
import { listDueSlots } from "./due-slots.ts";
import { planCatchUp } from "./plan-catch-up.ts";
import { recordMissedSlots } from "./record-missed-slots.ts";

/** The most missed slots one catch-up records per trigger; older ones are only counted in the log. */
export const MAX_MISSED_RECORDS = 1000;

/** What handling one claimed trigger did. */
export interface FiringTally {
  /** Runs started (trigger runs `succeeded`). */
  readonly fired: number;
  /** Firings whose workflow could not start (trigger runs `failed`). */
  readonly failed: number;
  /** Slots recorded as `missed`. */
  readonly missed: number;
  /** Slots past the record limit, not recorded. */
  readonly dropped: number;
  /** Claims that were stale: the trigger changed, was disabled or deleted, or another instance fired it. */
  readonly skipped: number;
}

/** What firing needs from the service. */
export interface FiringDeps {
  readonly dialect: DialectName;
  readonly executor: WorkflowExecutor;
  readonly catchUpWindowMs: number;
  now(): Date;
}

const NOTHING: FiringTally = { fired: 0, failed: 0, missed: 0, dropped: 0, skipped: 0 };

/**
 * Handles one claimed trigger in ONE transaction: re-reads it under a row lock, and only when it is still enabled
 * and still due at the claimed slot records the D21 plan (one run — or a failed firing — for the latest slot,
 * `missed` for the rest) and moves `next_fire_at` past now. The (trigger, slot) unique index is the last word: a
 * slot that already has a trigger run is never fired twice, it is stepped over.
 */
export async function fireDueTrigger(db: Kysely<Database>, deps: FiringDeps, claim: DueClaim): Promise<FiringTally> {
  try {
    return await db.transaction().execute((trx) => fireClaimed(trx, deps, claim));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.transaction().execute(async (trx) => {
      const trigger = await lockClaimed(trx, deps, claim);
      if (trigger !== undefined) await moveOn(trx, trigger, deps.now());
    });
    return { ...NOTHING, skipped: 1 };
  }
}

/** The claimed trigger, locked, when it is still enabled and due at the claimed slot; otherwise the claim is let go. */
async function lockClaimed(trx: Kysely<Database>, deps: FiringDeps, claim: DueClaim): Promise<TriggerRow | undefined> {
  const trigger = await trx
    .selectFrom("triggers")
    .selectAll()
    .where("id", "=", claim.id)
    .$if(deps.dialect === "postgres", (query) => query.forUpdate())
    .executeTakeFirst();
  if (trigger === undefined) return undefined;
  if (trigger.type === "schedule" && trigger.enabled === 1 && trigger.next_fire_at === claim.slot) return trigger;
  await trx
    .updateTable("triggers")
    .set({ claimed_until: null })
    .where("id", "=", claim.id)
    .where("claimed_until", "=", claim.lease)
    .execute();
  return undefined;
}

async function moveOn(trx: Kysely<Database>, trigger: TriggerRow, now: Date): Promise<void> {
  await trx
    .updateTable("triggers")
    .set({ next_fire_at: nextFireAt(trigger, now), claimed_until: null })
    .where("id", "=", trigger.id)
    .execute();
}

async function fireClaimed(trx: Kysely<Database>, deps: FiringDeps, claim: DueClaim): Promise<FiringTally> {
  const trigger = await lockClaimed(trx, deps, claim);
  if (trigger === undefined) return { ...NOTHING, skipped: 1 };
  const now = deps.now();
  const window = readScheduleWindow(trigger);
  const due =
    window === null ? { slots: [], total: 0 } : listDueSlots(window, new Date(claim.slot), now, MAX_MISSED_RECORDS + 1);
  const plan = planCatchUp(due.slots, now, deps.catchUpWindowMs);
  const windowText = `${Math.round(deps.catchUpWindowMs / 60_000)} min`;
  const reason = `The service was not running at this time; only the latest slot within the catch-up window (${windowText}) runs late.`;
  await recordMissedSlots(trx, { triggerId: trigger.id, slots: plan.missed, reason }, now);
  let tally: FiringTally = { ...NOTHING, missed: plan.missed.length, dropped: due.total - due.slots.length };
  if (plan.fire !== null) tally = { ...tally, ...(await fireSlot(trx, deps, trigger, plan.fire, now)) };
  await moveOn(trx, trigger, now);
  return tally;
}

async function fireSlot(
  trx: Kysely<Database>,
  deps: FiringDeps,
  trigger: TriggerRow,
  slot: Date,
  now: Date,
): Promise<Pick<FiringTally, "fired" | "failed">> {
  const workflow = await trx
    .selectFrom("workflows")
    .selectAll()
    .where("id", "=", trigger.workflow_id)
    .executeTakeFirstOrThrow();
  const scheduledFor = slot.toISOString();
  const reason = whyNotStartable(workflow, deps.executor);
  if (reason !== null) {
    await insertFailedFiring(trx, { trigger, source: "schedule", scheduledFor, error: reason }, now);
    return { fired: 0, failed: 1 };
  }
  await recordFiring(trx, { trigger, source: "schedule", scheduledFor, input: toPayloadInput(trigger) }, now);
  return { fired: 1, failed: 0 };
}
