import type { RunSource } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database, WorkflowRunRow } from "../store/index.ts";
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

/**
 * Puts a run on the durable queue: a session and a `queued` run, inside the caller's transaction so the run
 * commits with whatever else records the firing. The worker picks it up after commit.
 */
export async function enqueueRun(trx: Kysely<Database>, run: NewRun, now: Date): Promise<WorkflowRunRow> {
  const at = now.toISOString();
  const session = await trx
    .insertInto("sessions")
    .values({ organization_id: run.organizationId, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return trx
    .insertInto("workflow_runs")
    .values({
      organization_id: run.organizationId,
      workflow_id: run.workflowId,
      session_id: session.id,
      trigger_id: run.triggerId ?? null,
      source: run.source,
      status: "queued",
      ...toInputColumns(run.input),
      start_stage: run.startStage ?? null,
      output: null,
      error: null,
      lease_expires_at: null,
      created_at: at,
      started_at: null,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
