import type { Kysely } from "kysely";
import type { Database, DialectName } from "../store/index.ts";

/** A due schedule trigger this instance has claimed: the slot it was due at and the claim's expiry. */
export interface DueClaim {
  readonly id: number;
  /** The trigger's `next_fire_at` when claimed; the firing only goes ahead if it is still the same. */
  readonly slot: string;
  readonly lease: string;
}

/**
 * Claims up to `limit` enabled schedule triggers whose next fire time has come, earliest first. On PostgreSQL they
 * are locked with FOR UPDATE SKIP LOCKED and marked with a lease, so two instances claiming at once take different
 * rows and keep off each other's claims; on SQLite, with its one instance, selecting them is enough.
 */
export async function claimDueTriggers(
  db: Kysely<Database>,
  options: { dialect: DialectName; limit: number; leaseMs: number; now: Date },
): Promise<DueClaim[]> {
  const { dialect, limit, now } = options;
  const at = now.toISOString();
  const lease = new Date(now.getTime() + options.leaseMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom("triggers")
      .select(["id", "next_fire_at"])
      .where("next_fire_at", "<=", at)
      .where("enabled", "=", 1)
      .where("type", "=", "schedule")
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
      .orderBy("next_fire_at")
      .orderBy("id")
      .limit(limit)
      .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked())
      .execute();
    // On SQLite one instance runs (D28) and its looks are serialised, so nobody else needs keeping off.
    if (candidates.length === 0 || dialect === "sqlite") {
      return candidates.map((candidate) => ({ id: candidate.id, slot: candidate.next_fire_at ?? at, lease: at }));
    }
    await trx
      .updateTable("triggers")
      .set({ claimed_until: lease })
      .where(
        "id",
        "in",
        candidates.map((candidate) => candidate.id),
      )
      .execute();
    return candidates.map((candidate) => ({ id: candidate.id, slot: candidate.next_fire_at ?? at, lease }));
  });
}
