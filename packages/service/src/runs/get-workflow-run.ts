import type { RunSource, RunStatus, WorkflowRun } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { authorizeWorkflow } from "../auth/authorize-workflow.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database, RunOutputRow, WorkflowRunRow } from "../store/index.ts";
import { fromJsonColumn, isStorableId } from "../store/index.ts";
import { fromInputColumns } from "./run-input.ts";

/** Renders a run row and its outputs as the workflow-run JSON. */
export function toWorkflowRunJson(row: WorkflowRunRow, outputs: readonly RunOutputRow[]): WorkflowRun {
  const input = fromInputColumns(row);
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    session_id: row.session_id,
    trigger_id: row.trigger_id,
    source: row.source as RunSource,
    status: row.status as RunStatus,
    input_type: input?.type ?? null,
    input: input === null ? null : input.type === "json" ? input.value : input.text,
    start_stage: row.start_stage,
    output: fromJsonColumn(row.output),
    error: row.error,
    outputs: outputs.map((output) => ({
      sequence: output.sequence,
      stage: output.stage,
      data: fromJsonColumn(output.data),
      emitted_at: output.emitted_at,
    })),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** A run the principal may read: 404 when unknown or in another organization, 403 outside the token's scope. */
export async function getWorkflowRun(db: Kysely<Database>, principal: Principal, id: number): Promise<WorkflowRun> {
  const notFound = new ServiceError("not_found", `No workflow run ${id} in this organization.`);
  const row = isStorableId(id)
    ? await db.selectFrom("workflow_runs").selectAll().where("id", "=", id).executeTakeFirst()
    : undefined;
  if (row === undefined || row.organization_id !== principal.organizationId) throw notFound;
  const workflow = await db
    .selectFrom("workflows")
    .select(["id", "organization_id", "project_id"])
    .where("id", "=", row.workflow_id)
    .executeTakeFirst();
  authorizeWorkflow(principal, workflow, row.workflow_id);
  const outputs = await db
    .selectFrom("run_outputs")
    .selectAll()
    .where("workflow_run_id", "=", id)
    .orderBy("sequence")
    .execute();
  return toWorkflowRunJson(row, outputs);
}
