import type { RunSource } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";
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

const insertRun = preparedQuery((db: Kysely<Database>) =>
  db
    .insertInto("workflow_runs")
    .values({
      organization_id: param("organizationId"),
      workflow_id: param("workflowId"),
      session_id: param("sessionId"),
      trigger_id: param("triggerId"),
      source: param("source"),
      status: "queued",
      input_type: param("inputType"),
      input: param("input"),
      start_stage: param("startStage"),
      output: null,
      error: null,
      lease_expires_at: null,
      created_at: param("at"),
      started_at: null,
      finished_at: null,
    })
    .returningAll(),
);

/**
 * Puts a run on the durable queue: a session and a `queued` run, inside the caller's transaction so the run
 * commits with whatever else records the firing. The worker picks it up after commit. Both statements are
 * prepared: every hook and firing passes through here.
 */
export async function enqueueRun(trx: Kysely<Database>, run: NewRun, now: Date): Promise<WorkflowRunRow> {
  const at = now.toISOString();
  const session = await insertSession.executeTakeFirst(trx, { organizationId: run.organizationId, at });
  if (session === undefined) throw new Error("inserting a session returned no row");
  const columns = toInputColumns(run.input);
  const [row] = await insertRun.execute(trx, {
    organizationId: run.organizationId,
    workflowId: run.workflowId,
    sessionId: session.id,
    triggerId: run.triggerId ?? null,
    source: run.source,
    inputType: columns.input_type,
    input: columns.input,
    startStage: run.startStage ?? null,
    at,
  });
  if (row === undefined) throw new Error("inserting a run returned no row");
  return row;
}
