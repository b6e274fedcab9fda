import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withInboundTables } from "./inbound-tables.ts";

/** How many of the installation's newest events are read for their types (through `inbound_events_installation`). */
const SCANNED_EVENTS = 500;

/**
 * The event types an installation has received lately, newest first and each once (at most `limit`): what the
 * trigger form offers, since a manifest does not declare its event types.
 */
export async function listSeenEventTypes(db: Kysely<Database>, installationId: string, limit = 50): Promise<string[]> {
  const rows = await withInboundTables(db)
    .selectFrom("inbound_events")
    .select("event_type")
    .where("installation_id", "=", installationId)
    .orderBy("id", "desc")
    .limit(SCANNED_EVENTS)
    .execute();
  const types = new Set<string>();
  for (const row of rows) {
    if (row.event_type !== null && row.event_type !== "") types.add(row.event_type);
    if (types.size >= limit) break;
  }
  return [...types];
}
