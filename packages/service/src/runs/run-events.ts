import type { CallbackEventType } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";

/** A change in a run that someone outside the runs module may act on (D25 callbacks). */
export type RunEvent =
  | {
      readonly type: "workflow_run.completed";
      readonly run: WorkflowRunRow;
      readonly output: unknown;
      readonly at: string;
    }
  | { readonly type: "workflow_run.failed"; readonly run: WorkflowRunRow; readonly error: string; readonly at: string }
  | {
      readonly type: "workflow_run.output";
      readonly run: WorkflowRunRow;
      readonly stage: string;
      readonly sequence: number;
      readonly output: unknown;
      readonly at: string;
    };

// Fails to compile when the run events and the contract's callback event types drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const RUN_EVENTS_MATCH_CALLBACKS: Same<RunEvent["type"], CallbackEventType> = true;

/**
 * Called inside the transaction that records the event, so whatever it writes (a callback outbox row) commits
 * or rolls back with the run's own change. It must not do network I/O.
 */
export type RunEventHandler = (trx: Kysely<Database>, event: RunEvent) => Promise<void>;
