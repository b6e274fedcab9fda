import type { Kysely } from "kysely";
import { authorizeWorkflow } from "../auth/authorize-workflow.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database, TriggerRow, WorkflowRow } from "../store/index.ts";
import { isStorableId } from "../store/index.ts";

/** A trigger the principal may reach, with its workflow: 404 unknown or another organization's, 403 out of scope. */
export async function getAuthorizedTrigger(
  db: Kysely<Database>,
  principal: Principal,
  id: number,
): Promise<{ trigger: TriggerRow; workflow: WorkflowRow }> {
  const trigger = isStorableId(id)
    ? await db.selectFrom("triggers").selectAll().where("id", "=", id).executeTakeFirst()
    : undefined;
  if (trigger === undefined || trigger.organization_id !== principal.organizationId) {
    throw new ServiceError("not_found", `No trigger ${id} in this organization.`);
  }
  const workflow = await db
    .selectFrom("workflows")
    .selectAll()
    .where("id", "=", trigger.workflow_id)
    .executeTakeFirst();
  return { trigger, workflow: authorizeWorkflow(principal, workflow, trigger.workflow_id) };
}
