import type { InboundEventJson, InboundEventPage } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import { readPageQuery, toPage } from "../http/page.ts";
import { readableInstallation } from "../installations/installation-access.ts";
import type { ServiceContext } from "../service-context.ts";
import { type InboundEventRow, withInboundTables } from "./inbound-tables.ts";

/** Renders a log row as the API shows it. */
export function toInboundEventJson(row: InboundEventRow): InboundEventJson {
  return {
    id: row.id,
    installation_id: row.installation_id,
    received_at: row.received_at,
    outcome: row.outcome,
    event_type: row.event_type,
    sender: row.sender,
    dedup_key: row.dedup_key,
    thread_id: row.thread_id,
    workflow_run_ids: row.workflow_run_ids === null ? [] : (JSON.parse(row.workflow_run_ids) as number[]),
    detail: row.detail,
    count: row.event_count,
  };
}

/**
 * A9: an installation's inbound events, newest first, paged like trigger runs. They carry people's messages, so
 * scope applies (D106, D126): read as the installation's documents are (`readableInstallation`), others get 404.
 */
export async function listInstallationEvents(
  context: Pick<ServiceContext, "store">,
  principal: Principal,
  input: { id: string; query: URLSearchParams },
): Promise<InboundEventPage> {
  const { limit, before } = readPageQuery(input.query);
  const installation = await readableInstallation(context, principal, input.id);
  const rows = await withInboundTables(context.store.db)
    .selectFrom("inbound_events")
    .selectAll()
    .where("installation_id", "=", installation.id)
    .$if(before !== undefined, (query) => query.where("id", "<", before ?? 0))
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, toInboundEventJson);
}
