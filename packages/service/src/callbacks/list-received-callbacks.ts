import type { CallbackEnvelope, ReceivedCallback, ReceivedCallbackPage } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { readPageQuery, toPage } from "../http/page.ts";
import type { Database } from "../store/index.ts";
import { type ReceivedCallbackRow, withCallbackTables } from "./callback-tables.ts";

function toReceivedCallback(row: ReceivedCallbackRow): ReceivedCallback {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    type: row.event_type as CallbackEnvelope["type"],
    received_at: row.received_at,
    payload: JSON.parse(row.payload) as CallbackEnvelope,
  };
}

/** D25: the notifications the receiver recorded for one organization, newest first, a page at a time. */
export async function listReceivedCallbacks(
  db: Kysely<Database>,
  organizationId: number,
  query: URLSearchParams,
): Promise<ReceivedCallbackPage> {
  const { limit, before } = readPageQuery(query);
  const rows = await withCallbackTables(db)
    .selectFrom("received_callbacks")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .$if(before !== undefined, (select) => select.where("id", "<", before ?? 0))
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, toReceivedCallback);
}
