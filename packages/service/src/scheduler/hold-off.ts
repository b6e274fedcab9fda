import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";

/**
 * Keeps triggers whose firing failed out of the scheduler's way until `until` (their claim is extended), so a
 * trigger that fails every time is retried once a lease, not in a tight loop.
 */
export async function holdOff(db: Kysely<Database>, triggerIds: readonly number[], until: Date): Promise<void> {
  if (triggerIds.length === 0) return;
  await db
    .updateTable("triggers")
    .set({ claimed_until: until.toISOString() })
    .where("id", "in", [...triggerIds])
    .execute();
}
