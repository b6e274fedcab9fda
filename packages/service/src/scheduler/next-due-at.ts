import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";

/** When the earliest enabled schedule trigger nobody holds a claim on comes due; null when none is scheduled. */
export async function nextDueAt(db: Kysely<Database>, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const row = await db
    .selectFrom("triggers")
    .select("next_fire_at")
    .where("next_fire_at", "is not", null)
    .where("enabled", "=", 1)
    .where("type", "=", "schedule")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .orderBy("next_fire_at")
    .limit(1)
    .executeTakeFirst();
  return row?.next_fire_at == null ? null : new Date(row.next_fire_at);
}
