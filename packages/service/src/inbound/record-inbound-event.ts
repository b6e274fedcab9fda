import type { InboundOutcome } from "@adapterkit/contract";
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type InboundEventRow, type InboundEventTable, withInboundTables } from "./inbound-tables.ts";
import { toStorableText } from "./to-storable-message.ts";

/** What the log keeps of one event: its outcome and what the adapter said of it (never the message text). */
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
}

/** The columns of one event of the log, as stored. */
export type InboundEventValues = Required<Omit<Insertable<InboundEventTable>, "id">>;

/** The row an event is stored as (every column but the id). */
export function toInboundEventValues(event: InboundEventRecord): InboundEventValues {
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
