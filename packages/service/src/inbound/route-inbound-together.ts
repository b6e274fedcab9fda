import type { Kysely } from "kysely";
import type { FrontDesk } from "../front-desk/front-desk.ts";
import { startFrontDeskReply } from "../front-desk/start-front-desk-reply.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { BatchOutcome, Database } from "../store/index.ts";
import { preparedBatch } from "../store/prepared-query.ts";
import { type Firing, insertFailedFiring, recordFirings } from "../triggers/record-firing.ts";
import { dedupId, dedupOrder } from "./dedup-order.ts";
import { withInboundTables } from "./inbound-tables.ts";
import {
  type InboundEventRecord,
  type InboundEventValues,
  recordInboundEvent,
  toInboundEventValues,
} from "./record-inbound-event.ts";
import {
  type InboundMessage,
  matchArrival,
  type ReadCandidates,
  type RoutedMessage,
  toRecordBase,
} from "./route-inbound-message.ts";

/** A message to route and when it arrived. */
export interface Arrival {
  readonly event: InboundMessage;
  readonly receivedAt: Date;
}

interface DedupRow extends Record<string, unknown> {
  readonly installationId: string;
  readonly dedupKey: string;
  readonly at: string;
}

const insertDedupKeys = preparedBatch((db: Kysely<Database>, rows: DedupRow[]) =>
  withInboundTables(db)
    .insertInto("inbound_dedup")
    .values(rows.map((row) => ({ installation_id: row.installationId, dedup_key: row.dedupKey, received_at: row.at })))
    .onConflict((conflict) => conflict.columns(["installation_id", "dedup_key"]).doNothing())
    .returning(["installation_id", "dedup_key"]),
);

// The columns an entry is told apart by when RETURNING gives ids back in no promised order: all but the big ones
// (message, excerpt, request, adapter_calls), whose text would otherwise be read back and serialized again (D600).
const KEY_COLUMNS = [
  "installation_id",
  "received_at",
  "outcome",
  "event_type",
  "sender",
  "dedup_key",
  "thread_id",
  "workflow_run_ids",
  "detail",
  "replay_of",
  "replay_key",
  "stored_bytes",
] as const;

const insertEvents = preparedBatch((db: Kysely<Database>, rows: InboundEventValues[]) =>
  withInboundTables(db)
    .insertInto("inbound_events")
    .values(
      // Each column named: a row here is a placeholder object, which has no keys of its own to copy.
      rows.map((row) => ({
        installation_id: row.installation_id,
        received_at: row.received_at,
        outcome: row.outcome,
        event_type: row.event_type,
        sender: row.sender,
        dedup_key: row.dedup_key,
        thread_id: row.thread_id,
        workflow_run_ids: row.workflow_run_ids,
        detail: row.detail,
        message: row.message,
        excerpt: row.excerpt,
        request: row.request,
        adapter_calls: row.adapter_calls,
        replay_of: row.replay_of,
        replay_key: row.replay_key,
        stored_bytes: row.stored_bytes,
      })),
    )
    .returning(["id", ...KEY_COLUMNS]),
);

/**
 * Takes the dedup keys of the arrivals in one statement (in dedupOrder), and tells each arrival whether it routes:
 * a key another delivery took first, in the table or earlier in this batch, makes it a duplicate. An arrival without
 * a key always routes.
 */
async function takeDedupKeys(trx: Kysely<Database>, arrivals: readonly Arrival[]): Promise<boolean[]> {
  const wanted = new Map<string, DedupRow>();
  for (const { event, receivedAt } of arrivals) {
    const key = event.message.dedup_key;
    if (key === undefined || key === "") continue;
    const id = dedupId(event.installationId, key);
    if (!wanted.has(id))
      wanted.set(id, { installationId: event.installationId, dedupKey: key, at: receivedAt.toISOString() });
  }
  const rows = [...wanted.values()].sort(dedupOrder);
  const taken = new Set(
    (await insertDedupKeys.execute(trx, rows)).map((row) => dedupId(row.installation_id, row.dedup_key)),
  );
  return arrivals.map(({ event }) => {
    const key = event.message.dedup_key;
    if (key === undefined || key === "") return true;
    return taken.delete(dedupId(event.installationId, key));
  });
}

type KeyColumns = Pick<InboundEventValues, (typeof KEY_COLUMNS)[number]>;
type BigColumns = Pick<InboundEventValues, "message" | "request" | "adapter_calls">;

const keyOf = (row: KeyColumns) => JSON.stringify(KEY_COLUMNS.map((column) => row[column]));
const sameBig = (a: BigColumns, b: BigColumns) =>
  a.message === b.message && a.request === b.request && a.adapter_calls === b.adapter_calls;

/**
 * Inserts the log entries in one statement and gives each its id. RETURNING promises no order, so each row is found
 * again by its key columns; where entries' keys tie but their big columns differ (two events without a dedup key in
 * one millisecond), those rows' big columns are read back, so every id goes to its own entry. Entries equal in every
 * column are interchangeable.
 */
async function insertLogEntries(trx: Kysely<Database>, records: readonly InboundEventRecord[]): Promise<number[]> {
  const values = records.map(toInboundEventValues);
  const idsByKey = new Map<string, number[]>();
  for (const row of await insertEvents.execute(trx, values)) {
    const key = keyOf(row);
    const ids = idsByKey.get(key);
    if (ids === undefined) idsByKey.set(key, [row.id]);
    else ids.push(row.id);
  }
  const keys = values.map(keyOf);
  const bigById = await readTiedBigColumns(trx, values, keys, idsByKey);
  return values.map((row, index) => {
    const ids = idsByKey.get(keys[index] as string) ?? [];
    const at = ids.length > 1 && bigById.size > 0 ? ids.findIndex((id) => isBigOf(bigById.get(id), row)) : 0;
    const id = at < 0 ? undefined : ids.splice(at, 1)[0];
    if (id === undefined) throw new Error("inserting inbound events returned fewer rows than given");
    return id;
  });
}

const isBigOf = (stored: BigColumns | undefined, row: BigColumns) => stored !== undefined && sameBig(stored, row);

/** The big columns of the rows whose key columns tie while their big columns differ (most often none). */
async function readTiedBigColumns(
  trx: Kysely<Database>,
  values: readonly InboundEventValues[],
  keys: readonly string[],
  idsByKey: ReadonlyMap<string, readonly number[]>,
): Promise<Map<number, BigColumns>> {
  const first = new Map<string, InboundEventValues>();
  const tied = new Set<number>();
  for (const [index, row] of values.entries()) {
    const key = keys[index] as string;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row);
    else if (!sameBig(earlier, row)) for (const id of idsByKey.get(key) ?? []) tied.add(id);
  }
  if (tied.size === 0) return new Map();
  const rows = await withInboundTables(trx)
    .selectFrom("inbound_events")
    .select(["id", "message", "request", "adapter_calls"])
    .where("id", "in", [...tied])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

type Pending =
  | { readonly kind: "done"; readonly routed: RoutedMessage }
  | { readonly kind: "record"; readonly record: InboundEventRecord }
  | {
      readonly kind: "fired";
      readonly record: InboundEventRecord;
      readonly firings: { readonly start: number; readonly count: number };
    };

/**
 * routeInboundMessage for messages that arrived together, inside one transaction (D177): one statement takes every
 * dedup key, the triggers come from the inbound cache (D634), the runs, trigger runs and counters go
 * in recordFirings' multi-row statements, and the log entries in one more. A message for the front desk takes the
 * single-row path inside the same transaction (its reply needs its entry's id). Outcomes are those of
 * routeInboundMessage, one per message, in order.
 */
export async function routeInboundTogether(
  trx: Kysely<Database>,
  deps: { executor: WorkflowExecutor; frontDesk: FrontDesk; now: Date; candidates: ReadCandidates },
  arrivals: readonly Arrival[],
): Promise<BatchOutcome<RoutedMessage>[]> {
  const taken = await takeDedupKeys(trx, arrivals);
  const firings: Firing[] = [];
  const pending: Pending[] = [];
  for (const [index, { event, receivedAt }] of arrivals.entries()) {
    const base = toRecordBase(event, receivedAt);
    if (!taken[index]) {
      pending.push({ kind: "record", record: { ...base, outcome: "duplicate", detail: "dedup_key seen before" } });
    } else if (event.frontDesk) {
      const row = await recordInboundEvent(trx, { ...base, outcome: "accepted", detail: "to the front desk" });
      const deliveryId = await startFrontDeskReply(
        trx,
        { frontDesk: deps.frontDesk, now: receivedAt },
        { ...event, inboundEventId: row.id },
      );
      pending.push({ kind: "done", routed: { outcome: "accepted", eventId: row.id, workflowRunIds: [], deliveryId } });
    } else {
      const matched = await matchArrival(trx, deps, event, receivedAt);
      for (const refusal of matched.refused) await insertFailedFiring(trx, refusal, deps.now);
      pending.push({
        kind: "fired",
        record: matched.record,
        firings: { start: firings.length, count: matched.firings.length },
      });
      firings.push(...matched.firings);
    }
  }
  const runIds = await recordFirings(trx, firings, deps.now);
  const records = pending.flatMap((item) => {
    if (item.kind === "done") return [];
    if (item.kind === "record") return [item.record];
    return [
      { ...item.record, workflowRunIds: runIds.slice(item.firings.start, item.firings.start + item.firings.count) },
    ];
  });
  const ids = records.length === 0 ? [] : await insertLogEntries(trx, records);
  let next = 0;
  return pending.map((item): BatchOutcome<RoutedMessage> => {
    if (item.kind === "done") return { ok: true, value: item.routed };
    const eventId = ids[next] as number;
    const record = records[next] as InboundEventRecord;
    next += 1;
    const outcome = record.outcome as RoutedMessage["outcome"];
    return { ok: true, value: { outcome, eventId, workflowRunIds: record.workflowRunIds ?? [] } };
  });
}
