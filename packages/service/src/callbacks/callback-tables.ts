import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "../store/index.ts";

// The callbacks module owns these tables (migration 0002-callbacks); the core's Database type stays unaware of them.

/** One organization's signing secret (D25), sealed with the service key (D15). */
export interface CallbackSecretTable {
  organization_id: number;
  secret_enc: string;
  created_at: string;
  /** The secret the last rotation replaced, still signing beside this one until previous_expires_at (D103). */
  previous_secret_enc: string | null;
  previous_expires_at: string | null;
}

/** The outbox: one row per callback to send, kept after delivery as its record. */
export interface CallbackDeliveryTable {
  id: Generated<number>;
  organization_id: number;
  workflow_run_id: number;
  event_type: string;
  url: string;
  /** The Standard Webhooks `webhook-id`, the same on every attempt. */
  webhook_id: string;
  /** The exact JSON body sent on every attempt. */
  payload: string;
  status: CallbackDeliveryStatus;
  /** Attempts started so far; also the claim token, so a stale attempt cannot overwrite a newer one. */
  attempts: Generated<number>;
  /** When the next attempt is due (or when a claimed attempt's lease runs out); null once finished. */
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  /** D514: the delivery this one resends, and the Idempotency-Key it was resent with (migration 0021). */
  resent_from: number | null;
  resend_key: string | null;
}

/** A callback the receiver (`POST /api/v1/callback`) accepted. */
export interface ReceivedCallbackTable {
  id: Generated<number>;
  organization_id: number;
  webhook_id: string;
  event_type: string;
  payload: string;
  received_at: string;
}

/** pending → delivered (2xx) | gone (410, stops) | dead (retries exhausted, the dead letter). */
export type CallbackDeliveryStatus = "pending" | "delivered" | "gone" | "dead";

/** The callbacks module's tables (a type alias, as Kysely's withTables wants an index-compatible record). */
export type CallbackTables = {
  callback_secrets: CallbackSecretTable;
  callback_deliveries: CallbackDeliveryTable;
  received_callbacks: ReceivedCallbackTable;
};

export type CallbackDeliveryRow = Selectable<CallbackDeliveryTable>;
export type ReceivedCallbackRow = Selectable<ReceivedCallbackTable>;

/** The core database with the callbacks tables added. */
export type CallbacksDatabase = Database & CallbackTables;

/** Views a core connection or transaction with the callbacks tables typed too. */
export function withCallbackTables(db: Kysely<Database>): Kysely<CallbacksDatabase> {
  return db.withTables<CallbackTables>();
}
