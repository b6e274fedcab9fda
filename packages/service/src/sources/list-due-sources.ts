import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withSourceTables } from "./source-tables.ts";

/** Sources of active installations whose next sync is due and that no sync holds, longest waiting first. */
export async function listDueSources(db: Kysely<Database>, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const rows = await withSourceTables(db)
    .selectFrom("sources")
    .innerJoin("installations", "installations.id", "sources.installation_id")
    .select("sources.installation_id")
    .where("installations.state", "=", "active")
    .where("sources.next_sync_at", "<=", at)
    .where((eb) => eb.or([eb("sources.lease_owner", "is", null), eb("sources.lease_expires_at", "<", at)]))
    .orderBy("sources.next_sync_at")
    .limit(100)
    .execute();
  return rows.map((row) => row.installation_id);
}
