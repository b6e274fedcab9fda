import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";
import { toExecutableWorkflow } from "./check-startable.ts";
import type { ExecutableWorkflow } from "./workflow-executor.ts";

const workflowById = preparedQuery((db: Kysely<Database>) =>
  db.selectFrom("workflows").select(["id", "name", "stages"]).where("id", "=", param<number>("id")),
);

/**
 * The workflows of a batch of claimed runs, each read once however many runs of the batch it has; a workflow
 * deleted since is missing from the map. Runs claimed together see their workflow as it was at the claim.
 */
export async function loadWorkflows(
  db: Kysely<Database>,
  workflowIds: Iterable<number>,
): Promise<Map<number, ExecutableWorkflow>> {
  const workflows = new Map<number, ExecutableWorkflow>();
  for (const id of new Set(workflowIds)) {
    const row = await workflowById.executeTakeFirst(db, { id });
    if (row !== undefined) workflows.set(id, toExecutableWorkflow(row));
  }
  return workflows;
}
