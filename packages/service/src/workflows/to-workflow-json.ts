import type { Stage, Workflow } from "@adapterkit/contract";
import { withoutUserinfo } from "../outbound/without-userinfo.ts";
import type { WorkflowRow } from "../store/index.ts";

/** Reads the stages column. */
export function readStages(row: Pick<WorkflowRow, "stages">): Stage[] {
  return JSON.parse(row.stages) as Stage[];
}

/** Renders a workflow row as the D16 JSON. */
export function toWorkflowJson(row: WorkflowRow): Workflow {
  return {
    id: row.id,
    organization_id: row.organization_id,
    project_id: row.project_id,
    name: row.name,
    prompt_for_task_description: row.prompt_for_task_description === 1,
    stages: readStages(row),
    callback_url: withoutUserinfo(row.callback_url),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
