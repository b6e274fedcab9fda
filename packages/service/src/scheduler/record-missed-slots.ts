import type { Kysely } from "kysely";
import { type Database, inChunks } from "../store/index.ts";

/**
 * D21: records slots that passed without a run as `missed` trigger runs, inside the caller's transaction. A slot
 * that already has a trigger run keeps it: the (trigger, slot) unique index decides, and nothing is doubled.
 */
export async function recordMissedSlots(
  trx: Kysely<Database>,
  input: { triggerId: number; slots: readonly Date[]; reason: string },
  now: Date,
): Promise<void> {
  const firedAt = now.toISOString();
  for (const slots of inChunks(input.slots)) {
    const rows = slots.map((slot) => ({
      trigger_id: input.triggerId,
      source: "schedule",
      scheduled_for: slot.toISOString(),
      fired_at: firedAt,
      status: "missed",
      workflow_run_id: null,
      error: input.reason,
    }));
    await trx
      .insertInto("trigger_runs")
      .values(rows)
      .onConflict((conflict) => conflict.columns(["trigger_id", "scheduled_for"]).doNothing())
      .execute();
  }
}
