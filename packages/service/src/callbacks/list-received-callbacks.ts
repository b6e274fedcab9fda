import type { CallbackEnvelope, ReceivedCallback, ReceivedCallbackPage } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { readPageQuery } from "../triggers/list-trigger-runs.ts";
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
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next_cursor =
    rows.length > limit && last !== undefined ? Buffer.from(String(last.id)).toString("base64url") : null;
  return { items: page.map(toReceivedCallback), next_cursor };
}
