import { CompiledQuery, type Kysely } from "kysely";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { BatchOutcome, Database } from "../store/index.ts";
import { refusedWhole, toJsonRows } from "../store/one-statement.ts";
import { FIRING_COLUMNS, FIRING_IDS, firingWrites, toFiringRow } from "../triggers/firings-in-one-statement.ts";
import { dedupId, TAKE_ORDER } from "./dedup-order.ts";
import { toInboundEventValues } from "./record-inbound-event.ts";
import { type MatchedArrival, matchArrival, type ReadCandidates, type RoutedMessage } from "./route-inbound-message.ts";
import type { Arrival } from "./route-inbound-together.ts";

/** How the statement begins, which tells it apart in a count of statements (bench/lib/count-statements.ts). */
export const ROUTE_MARK = "/* a batch in one statement */";

// PostgreSQL only (D633). The arrivals and their firings come as two JSON parameters, and every row the batch writes
// goes in in this one statement: the dedup keys taken (in dedupOrder, D635), then for the arrivals whose key was
// taken (or that have none) their firings (firingWrites: sessions, runs, trigger runs, counters), and a log entry for
// every arrival. Ids are drawn from the tables' sequences up front, so each row is known by its place in the batch
// without relying on RETURNING's order. Data-modifying WITH queries all run to completion, in one snapshot, and the
// foreign keys are checked at the end.
const ROUTE_ARRIVALS = `${ROUTE_MARK}
with arrival as (
  select a.*, nextval(pg_get_serial_sequence('inbound_events', 'id'))::int as entry_id
  from json_to_recordset($1::json) as a(
    ord int, take_key text, keyed boolean, installation_id text, received_at text, outcome text, event_type text,
    sender text, dedup_key text, thread_id text, detail text, is_test int, message text, excerpt text, request text,
    adapter_calls text, replay_of int, replay_key text, stored_bytes int)
),
taken as (
  insert into inbound_dedup (installation_id, dedup_key, received_at)
  select installation_id, take_key, received_at from arrival where take_key is not null
  order by ${TAKE_ORDER}
  on conflict (installation_id, dedup_key) do nothing
  returning installation_id, dedup_key
),
routed as (
  select a.ord from arrival a
  where not a.keyed
    or exists (select 1 from taken t where t.installation_id = a.installation_id and t.dedup_key = a.take_key)
),
firing as (
  select f.*, ${FIRING_IDS}
  from json_to_recordset($2::json) as f(ord int, arrival int, ${FIRING_COLUMNS})
  where f.arrival in (select ord from routed)
),
${firingWrites("$3")},
run_ids as (
  select arrival, '[' || string_agg(run_id::text, ',' order by ord) || ']' as ids from firing group by arrival
),
entry as (
  insert into inbound_events (id, installation_id, received_at, outcome, event_type, sender, dedup_key, thread_id,
    workflow_run_ids, detail, event_count, is_test, message, excerpt, request, adapter_calls, replay_of, replay_key,
    stored_bytes)
  select a.entry_id, a.installation_id, a.received_at, case when r.ord is null then 'duplicate' else a.outcome end,
    a.event_type, a.sender, a.dedup_key, a.thread_id, ids.ids,
    case when r.ord is null then 'dedup_key seen before' else a.detail end, 1, a.is_test, a.message, a.excerpt,
    a.request, a.adapter_calls, a.replay_of, a.replay_key, a.stored_bytes
  from arrival a left join routed r on r.ord = a.ord left join run_ids ids on ids.arrival = a.ord
)
select a.ord, a.entry_id, r.ord is not null as routed, ids.ids as run_ids
from arrival a left join routed r on r.ord = a.ord left join run_ids ids on ids.arrival = a.ord
order by a.ord`;

interface RoutedRow {
  readonly ord: number;
  readonly entry_id: number;
  readonly routed: boolean;
  readonly run_ids: string | null;
}

/**
 * The arrivals' routing in one statement on PostgreSQL (D633), where routeInboundTogether's transaction takes seven
 * round trips: the app-event triggers from the inbound cache (D634), then everything the batch writes in one
 * statement, its own transaction. Gives undefined, having written nothing, for a batch this cannot route:
 * one with a message for the front desk (its reply needs its entry's id inside the transaction) or a trigger whose
 * workflow cannot start (its failed trigger run); the caller routes those as before. Outcomes are those of
 * routeInboundMessage, one per arrival, in order.
 *
 * It throws only having written nothing: a statement the database refused, or a failed read of the triggers. One
 * whose answer was lost (the connection failed or was ended) may have committed: then every arrival's outcome is
 * that error, not a second routing that could start runs twice (the platform retries, and dedup finds the key).
 */
export async function routeInOneStatement(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: Date; candidates: ReadCandidates },
  arrivals: readonly Arrival[],
): Promise<BatchOutcome<RoutedMessage>[] | undefined> {
  if (arrivals.some(({ event }) => event.frontDesk)) return undefined;
  const matched: MatchedArrival[] = [];
  for (const { event, receivedAt } of arrivals) {
    const one = await matchArrival(db, deps, event, receivedAt);
    if (one.refused.length > 0) return undefined;
    matched.push(one);
  }
  const query = CompiledQuery.raw(ROUTE_ARRIVALS, [...toParameters(arrivals, matched), deps.now.toISOString()]);
  let rows: RoutedRow[];
  try {
    rows = (await db.executeQuery<RoutedRow>(query)).rows;
  } catch (error) {
    if (refusedWhole(error)) throw error;
    return arrivals.map(() => ({ ok: false as const, error }));
  }
  return rows.map((row): BatchOutcome<RoutedMessage> => {
    const eventId = row.entry_id;
    if (!row.routed) return { ok: true, value: { outcome: "duplicate", eventId, workflowRunIds: [] } };
    const outcome = (matched[row.ord] as MatchedArrival).record.outcome;
    const workflowRunIds = row.run_ids === null ? [] : (JSON.parse(row.run_ids) as number[]);
    return { ok: true, value: { outcome, eventId, workflowRunIds } };
  });
}

/**
 * The statement's two JSON parameters: a row per arrival (its log entry's columns, and the dedup key it takes: the
 * first of the batch with that key takes it, the others are duplicates), and a row per firing.
 */
function toParameters(arrivals: readonly Arrival[], matched: readonly MatchedArrival[]): [string, string] {
  const keysSeen = new Set<string>();
  const arrivalRows: Record<string, unknown>[] = [];
  const firingRows: Record<string, unknown>[] = [];
  for (const [ord, { event }] of arrivals.entries()) {
    const { record, firings } = matched[ord] as MatchedArrival;
    const key = event.message.dedup_key;
    const keyed = key !== undefined && key !== "";
    const first = keyed && !keysSeen.has(dedupId(event.installationId, key));
    if (first) keysSeen.add(dedupId(event.installationId, key));
    const { workflow_run_ids: _none, event_count: _one, ...values } = toInboundEventValues(record);
    arrivalRows.push({ ...values, ord, keyed, take_key: first ? key : null });
    for (const firing of firings) {
      firingRows.push({ ...toFiringRow(firing), ord: firingRows.length, arrival: ord });
    }
  }
  return [toJsonRows(arrivalRows), toJsonRows(firingRows)];
}
