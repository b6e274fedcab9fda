import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";

// Eight columns a row keeps each insert well under SQLite's and PostgreSQL's bound-parameter limits.
const ROWS_PER_INSERT = 500;

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
  for (let start = 0; start < input.slots.length; start += ROWS_PER_INSERT) {
    const rows = input.slots.slice(start, start + ROWS_PER_INSERT).map((slot) => ({
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
