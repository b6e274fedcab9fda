import type { Workflow, WorkflowCreate } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { authorizeProject } from "../auth/authorize-workflow.ts";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { checkStages } from "./check-stages.ts";
import { toWorkflowJson } from "./to-workflow-json.ts";

/** Creates a workflow in the token's project (D16); workflow-scoped tokens get 403. */
export async function createWorkflow(
  db: Kysely<Database>,
  principal: Principal,
  body: WorkflowCreate,
  now: Date,
): Promise<Workflow> {
  const projectId = authorizeProject(principal, body.project_id);
  const stages = body.stages ?? [];
  checkStages(stages);
  const at = now.toISOString();
  const row = await db
    .insertInto("workflows")
    .values({
      organization_id: principal.organizationId,
      project_id: projectId,
      name: body.name,
      prompt_for_task_description: body.prompt_for_task_description === true ? 1 : 0,
      stages: JSON.stringify(stages),
      callback_url: body.callback_url ?? null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWorkflowJson(row);
}
