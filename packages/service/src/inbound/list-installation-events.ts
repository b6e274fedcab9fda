import type { InboundEventJson, InboundEventPage } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { readPageQuery, toPage } from "../http/page.ts";
import { readableInstallation } from "../installations/installation-access.ts";
import { type InboundEventRow, withInboundTables } from "./inbound-tables.ts";
import { readEventFilter } from "./read-event-filter.ts";

/** The columns the log lists: everything but what arrived and the message, which only the detail reads. */
export const LOG_COLUMNS = [
  "id",
  "installation_id",
  "received_at",
  "outcome",
  "event_type",
  "sender",
  "dedup_key",
  "thread_id",
  "workflow_run_ids",
  "detail",
  "event_count",
  "is_test",
  "replay_of",
  "excerpt",
] as const;

/** A row of the log as listed. */
export type LogRow = Pick<InboundEventRow, (typeof LOG_COLUMNS)[number]>;

/** Renders a log row as the API shows it. */
export function toInboundEventJson(row: LogRow): InboundEventJson {
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
    test: row.is_test === 1,
    replay_of: row.replay_of,
    excerpt: row.excerpt,
  };
}

/**
 * A9: an installation's inbound events, newest first, paged like trigger runs and filtered by outcome, type, sender,
 * test or live and time (D526). They carry people's messages, so scope applies (D106, D126): read as the
 * installation's documents are (`readableInstallation`), others get 404.
 */
export async function listInstallationEvents(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  input: { id: string; query: URLSearchParams },
): Promise<InboundEventPage> {
  const { limit, before } = readPageQuery(input.query);
  const filter = readEventFilter(input.query);
  const installation = await readableInstallation(context, principal, input.id);
  const rows = await withInboundTables(context.store.db)
    .selectFrom("inbound_events")
    .select(LOG_COLUMNS)
    .where("installation_id", "=", installation.id)
    .$if(before !== undefined, (query) => query.where("id", "<", before ?? 0))
    .$if(filter.outcome !== undefined, (query) => query.where("outcome", "=", filter.outcome ?? "accepted"))
    .$if(filter.eventType !== undefined, (query) => query.where("event_type", "=", filter.eventType ?? ""))
    .$if(filter.sender !== undefined, (query) => query.where("sender", "=", filter.sender ?? ""))
    .$if(filter.test !== undefined, (query) => query.where("is_test", "=", filter.test ? 1 : 0))
    .$if(filter.since !== undefined, (query) => query.where("received_at", ">=", filter.since ?? ""))
    .$if(filter.until !== undefined, (query) => query.where("received_at", "<", filter.until ?? ""))
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, toInboundEventJson);
}
