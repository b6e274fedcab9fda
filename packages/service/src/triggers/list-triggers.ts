import type { Trigger } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { getAuthorizedWorkflow } from "../workflows/find-workflow.ts";
import { type TriggerJsonContext, toTriggerJson } from "./to-trigger-json.ts";

/** A workflow's triggers, oldest first. */
export async function listTriggers(
  db: Kysely<Database>,
  deps: { principal: Principal; json: TriggerJsonContext },
  workflowId: number,
): Promise<Trigger[]> {
  const workflow = await getAuthorizedWorkflow(db, deps.principal, workflowId);
  const rows = await db
    .selectFrom("triggers")
    .selectAll()
    .where("workflow_id", "=", workflow.id)
    .orderBy("id")
    .execute();
  return rows.map((row) => toTriggerJson(row, deps.json));
}
