import type { RunSource } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";
import { onPostgres, param, preparedBatch, preparedQuery } from "../store/prepared-query.ts";
import { type RunInput, toInputColumns } from "./run-input.ts";

/** What a new run needs. */
export interface NewRun {
  readonly organizationId: number;
  readonly workflowId: number;
  readonly source: RunSource;
  readonly triggerId?: number | null | undefined;
  readonly input: RunInput;
  readonly startStage?: string | null | undefined;
}

const insertSession = preparedQuery((db: Kysely<Database>) =>
  db
    .insertInto("sessions")
    .values({ organization_id: param("organizationId"), created_at: param("at") })
    .returning("id"),
);

// A run's columns, its session's id given by `sessionId`: a value, or on PostgreSQL the session inserted beside it.
const runColumns = <SessionId>(sessionId: SessionId) => ({
  organization_id: param<number>("organizationId"),
  workflow_id: param<number>("workflowId"),
  session_id: sessionId,
  trigger_id: param<number | null>("triggerId"),
  source: param<string>("source"),
  status: "queued",
  input_type: param<string | null>("inputType"),
  input: param<string | null>("input"),
  start_stage: param<string | null>("startStage"),
  output: null,
  error: null,
  lease_expires_at: null,
  created_at: param<string>("at"),
  started_at: null,
  finished_at: null,
});

const insertRun = preparedQuery((db: Kysely<Database>) =>
  db
    .insertInto("workflow_runs")
    .values(runColumns(param<number>("sessionId")))
    .returningAll(),
);

// On PostgreSQL, where each statement is a round trip (D632), the session goes in the same statement as its run.
const insertRunWithSession = preparedQuery((db: Kysely<Database>) =>
  db
    .with("session", (inner) =>
      inner
        .insertInto("sessions")
        .values({ organization_id: param("organizationId"), created_at: param("at") })
        .returning("id"),
    )
    .insertInto("workflow_runs")
    .values((eb) => runColumns(eb.selectFrom("session").select("session.id")))
    .returningAll(),
);

/**
 * Puts a run on the durable queue: a session and a `queued` run, inside the caller's transaction so the run
 * commits with whatever else records the firing. The worker picks it up after commit. Both statements are
 * prepared: every hook and firing passes through here. On PostgreSQL they are one statement.
 */
export async function enqueueRun(trx: Kysely<Database>, run: NewRun, now: Date): Promise<WorkflowRunRow> {
  const at = now.toISOString();
  const columns = toInputColumns(run.input);
  const values = {
    organizationId: run.organizationId,
    workflowId: run.workflowId,
    triggerId: run.triggerId ?? null,
    source: run.source,
    inputType: columns.input_type,
    input: columns.input,
    startStage: run.startStage ?? null,
    at,
  };
  let row: WorkflowRunRow | undefined;
  if (onPostgres(trx)) {
    row = await insertRunWithSession.executeTakeFirst(trx, values);
  } else {
    const session = await insertSession.executeTakeFirst(trx, { organizationId: run.organizationId, at });
    if (session === undefined) throw new Error("inserting a session returned no row");
    row = await insertRun.executeTakeFirst(trx, { ...values, sessionId: session.id });
  }
  if (row === undefined) throw new Error("inserting a run returned no row");
  return row;
}

// The two multi-row inserts of enqueueRuns, prepared per row count (see preparedBatch).
const insertSessions = preparedBatch((db: Kysely<Database>, rows: { organizationId: number; at: string }[]) =>
  db
    .insertInto("sessions")
    .values(rows.map((row) => ({ organization_id: row.organizationId, created_at: row.at })))
    .returning(["id", "organization_id"]),
);

interface RunValues extends Record<string, unknown> {
  readonly organizationId: number;
  readonly workflowId: number;
  readonly sessionId: number;
  readonly triggerId: number | null;
  readonly source: string;
  readonly inputType: string | null;
  readonly input: string | null;
  readonly startStage: string | null;
  readonly at: string;
}

const insertRuns = preparedBatch((db: Kysely<Database>, rows: RunValues[]) =>
  db
    .insertInto("workflow_runs")
    .values(
      rows.map((row) => ({
        organization_id: row.organizationId,
        workflow_id: row.workflowId,
        session_id: row.sessionId,
        trigger_id: row.triggerId,
        source: row.source,
        status: "queued",
        input_type: row.inputType,
        input: row.input,
        start_stage: row.startStage,
        created_at: row.at,
      })),
    )
    .returning(["id", "session_id"]),
);

/**
 * Puts several runs on the queue inside the caller's transaction with multi-row inserts (their sessions, then the
 * runs) instead of two statements per run: the path of scheduler groups and of hooks that arrive together. Returns
 * the runs' ids in the order given.
 */
export async function enqueueRuns(trx: Kysely<Database>, runs: readonly NewRun[], now: Date): Promise<number[]> {
  const at = now.toISOString();
  const sessions = await insertSessions.execute(
    trx,
    runs.map((run) => ({ organizationId: run.organizationId, at })),
  );
  // A new session is only an id in its organization, so any of an organization's new sessions serves any of its runs.
  const free = new Map<number, number[]>();
  for (const session of sessions) {
    const ids = free.get(session.organization_id) ?? [];
    ids.push(session.id);
    free.set(session.organization_id, ids);
  }
  const sessionIds = runs.map((run) => {
    const id = free.get(run.organizationId)?.pop();
    if (id === undefined) throw new Error("inserting sessions returned fewer rows than runs");
    return id;
  });
  const rows = await insertRuns.execute(
    trx,
    runs.map((run, index) => {
      const columns = toInputColumns(run.input);
      return {
        organizationId: run.organizationId,
        workflowId: run.workflowId,
        sessionId: sessionIds[index] as number,
        triggerId: run.triggerId ?? null,
        source: run.source,
        inputType: columns.input_type,
        input: columns.input,
        startStage: run.startStage ?? null,
        at,
      };
    }),
  );
  // RETURNING promises no order; each run has a session of its own, which tells the rows apart.
  const runBySession = new Map(rows.map((row) => [row.session_id, row.id]));
  return sessionIds.map((sessionId) => {
    const id = runBySession.get(sessionId);
    if (id === undefined) throw new Error("inserting runs returned fewer rows than given");
    return id;
  });
}
