import type { AttemptErrorClass, AttemptOutcomeState } from "@adapterkit/contract";
import type { Generated, Insertable, Kysely, Selectable } from "kysely";
import type { Database } from "../store/index.ts";

// The outbound records own these tables (migration 0021-outbound-attempts); the outboxes they point at stay the
// callbacks' and the front desk's.

/** D510: one attempt at a callback or a reply, written with the outcome it recorded. */
export interface AttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  started_at: string;
  latency_ms: number;
  http_status: number | null;
  error_class: AttemptErrorClass | null;
  error: string | null;
  excerpt: string | null;
  /** 1 when the answer was longer than the excerpt keeps (SQLite has no boolean). */
  excerpt_truncated: number;
  next_attempt_at: string | null;
  outcome: AttemptOutcomeState;
}

/** The attempt tables by outbox: `callback_attempts` for callback_deliveries, `reply_attempts` for deliveries. */
export type AttemptTables = {
  callback_attempts: AttemptTable;
  reply_attempts: AttemptTable;
};

/** Which attempt table. */
export type AttemptTableName = keyof AttemptTables;

export type AttemptRow = Selectable<AttemptTable>;
export type NewAttempt = Insertable<AttemptTable>;

/** Views a core connection or transaction with the attempt tables typed too. */
export function withAttemptTables(db: Kysely<Database>): Kysely<Database & AttemptTables> {
  return db.withTables<AttemptTables>();
}
