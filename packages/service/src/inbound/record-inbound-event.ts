import type { AdapterCallRecordJson, InboundOutcome, NormalizedMessage, StoredRequestJson } from "@adapterkit/contract";
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { toStorableText } from "../store/to-storable-message.ts";
import { type InboundEventRow, type InboundEventTable, withInboundTables } from "./inbound-tables.ts";

/** What the log keeps of one event: its outcome, what arrived, what the adapter made of it (D520, D521). */
export interface InboundEventRecord {
  readonly installationId: string;
  readonly outcome: InboundOutcome;
  readonly receivedAt: Date;
  readonly eventType?: string | null | undefined;
  readonly sender?: string | null | undefined;
  readonly dedupKey?: string | null | undefined;
  readonly threadId?: string | null | undefined;
  readonly workflowRunIds?: readonly number[] | undefined;
  readonly detail?: string | null | undefined;
  /** D392: a test event sent from the portal. */
  readonly test?: boolean | undefined;
  /** The message the adapter answered, already within the contract's limits and fields (checkMessageLimits). */
  readonly message?: NormalizedMessage | undefined;
  readonly request?: StoredRequestJson | undefined;
  readonly adapterCalls?: readonly AdapterCallRecordJson[] | undefined;
  /** D523: the event a replay resends, and the Idempotency-Key it came with. */
  readonly replayOf?: number | undefined;
  readonly replayKey?: string | undefined;
}

// JSON.stringify escapes NUL and lone surrogates, so its text is storable as it is (D162).
const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The longest excerpt of a message the log lists. */
const EXCERPT_LENGTH = 120;

/** D526: the first line of a message text that has one, cut to EXCERPT_LENGTH characters with an ellipsis. */
export function toExcerpt(text: string): string | null {
  const line = text.trim().split(/\r?\n/, 1)[0]?.trim() ?? "";
  if (line === "") return null;
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

/** The columns of one event of the log, as stored. */
export type InboundEventValues = Required<Omit<Insertable<InboundEventTable>, "id">>;

/** The row an event is stored as (every column but the id). */
export function toInboundEventValues(event: InboundEventRecord): InboundEventValues {
  const message = toJson(event.message);
  const request = toJson(event.request);
  const adapter_calls =
    event.adapterCalls === undefined || event.adapterCalls.length === 0 ? null : toJson(event.adapterCalls);
  return {
    installation_id: event.installationId,
    received_at: event.receivedAt.toISOString(),
    outcome: event.outcome,
    event_type: event.eventType ?? null,
    sender: event.sender ?? null,
    dedup_key: event.dedupKey ?? null,
    thread_id: event.threadId ?? null,
    workflow_run_ids:
      event.workflowRunIds === undefined || event.workflowRunIds.length === 0
        ? null
        : JSON.stringify(event.workflowRunIds),
    detail: event.detail === undefined || event.detail === null ? null : toStorableText(event.detail.slice(0, 2000)),
    event_count: 1,
    is_test: event.test === true ? 1 : 0,
    message,
    excerpt: event.message === undefined ? null : toExcerpt(toStorableText(event.message.message)),
    request,
    adapter_calls,
    replay_of: event.replayOf ?? null,
    replay_key: event.replayKey ?? null,
    stored_bytes: (message?.length ?? 0) + (request?.length ?? 0) + (adapter_calls?.length ?? 0),
  };
}

/** A9: writes one event of the log, in the caller's transaction when given one. */
export async function recordInboundEvent(db: Kysely<Database>, event: InboundEventRecord): Promise<InboundEventRow> {
  return withInboundTables(db)
    .insertInto("inbound_events")
    .values(toInboundEventValues(event))
    .returningAll()
    .executeTakeFirstOrThrow();
}
