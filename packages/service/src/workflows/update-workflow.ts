import type { Workflow, WorkflowPatch } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { authorizeProject } from "../auth/authorize-workflow.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { lockWorkflowRow } from "../store/index.ts";
import { checkStages } from "./check-stages.ts";
import { getAuthorizedWorkflow } from "./find-workflow.ts";
import { toWorkflowJson } from "./to-workflow-json.ts";

/** Changes a workflow; D23: turning on Prompt for task description is refused while any trigger is enabled. */
export async function updateWorkflow(
  db: Kysely<Database>,
  principal: Principal,
  input: { id: number; patch: WorkflowPatch },
  now: Date,
): Promise<Workflow> {
  const { id, patch } = input;
  return db.transaction().execute(async (trx) => {
    const current = await getAuthorizedWorkflow(trx, principal, id);
    await lockWorkflowRow(trx, id);
    if (patch.project_id !== undefined && patch.project_id !== current.project_id) {
      authorizeProject(principal, patch.project_id);
    }
    if (patch.stages !== undefined) checkStages(patch.stages);
    if (patch.prompt_for_task_description === true && current.prompt_for_task_description === 0) {
      const enabled = await trx
        .selectFrom("triggers")
        .select(["id", "name"])
        .where("workflow_id", "=", id)
        .where("enabled", "=", 1)
        .orderBy("id")
        .execute();
      if (enabled.length > 0) {
        const names = enabled.map((trigger) => `${trigger.id} (${trigger.name})`).join(", ");
        throw new ServiceError(
          "conflict",
          `'Prompt for task description' can't be turned on while triggers are enabled; disable these triggers first: ${names}.`,
        );
      }
    }
    const row = await trx
      .updateTable("workflows")
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.project_id === undefined ? {} : { project_id: patch.project_id }),
        ...(patch.prompt_for_task_description === undefined
          ? {}
          : { prompt_for_task_description: patch.prompt_for_task_description ? 1 : 0 }),
        ...(patch.stages === undefined ? {} : { stages: JSON.stringify(patch.stages) }),
        ...(patch.callback_url === undefined ? {} : { callback_url: patch.callback_url }),
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWorkflowJson(row);
  });
}
