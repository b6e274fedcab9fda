import type { InboundOutcome } from "@adapterkit/contract";
import type { Generated, Kysely, Selectable } from "kysely";
import { type AppsDatabase, withInstallationTables } from "../installations/installation-tables.ts";
import type { Database } from "../store/index.ts";

// The inbound module owns these tables (migration 0007-inbound).

/** A9: one event a platform posted, with its outcome; kept 30 days. */
export interface InboundEventTable {
  id: Generated<number>;
  installation_id: string;
  received_at: string;
  outcome: InboundOutcome;
  event_type: string | null;
  sender: string | null;
  dedup_key: string | null;
  thread_id: string | null;
  /** JSON array of the runs the event started; null for none. */
  workflow_run_ids: string | null;
  detail: string | null;
  /** D355: the deliveries the row stands for; more than 1 only on the row counting a minute's further refusals. */
  event_count: Generated<number>;
  /** D392: 1 for a test event sent from the installation's page (migration 0016), 0 for a platform's. */
  is_test: Generated<number>;
  /** D520 (migration 0020): JSON of the message the adapter answered, within the contract's limits. */
  message: string | null;
  /** D526: the message text's first line, at most 120 characters, which the log lists. */
  excerpt: string | null;
  /** D521: JSON of the request as it arrived, redacted, its body bounded. */
  request: string | null;
  /** D521: JSON array of the adapter calls made for the event. */
  adapter_calls: string | null;
  /** D523: the event this one resent to the triggers, and the Idempotency-Key it was sent with. */
  replay_of: number | null;
  replay_key: string | null;
  /** D524: the bytes of message, request and calls, which the installation's size budget counts. */
  stored_bytes: Generated<number>;
}

/** A9: the dedup keys an installation has taken; the primary key makes a second delivery of one event fail. */
export interface InboundDedupTable {
  installation_id: string;
  dedup_key: string;
  received_at: string;
}

export type InboundTables = { inbound_events: InboundEventTable; inbound_dedup: InboundDedupTable };
export type InboundEventRow = Selectable<InboundEventTable>;
export type InboundDatabase = AppsDatabase & InboundTables;

/** Views a core connection or transaction with the Apps and inbound tables typed too. */
export function withInboundTables(db: Kysely<Database>): Kysely<InboundDatabase> {
  return withInstallationTables(db).withTables<InboundTables>();
}
