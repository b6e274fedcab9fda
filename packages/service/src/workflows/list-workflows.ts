import type { Workflow } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { toWorkflowJson } from "./to-workflow-json.ts";

/** Every workflow in the token's scope, oldest first. */
export async function listWorkflows(db: Kysely<Database>, principal: Principal): Promise<Workflow[]> {
  const { scope } = principal;
  const rows = await db
    .selectFrom("workflows")
    .selectAll()
    .where("organization_id", "=", principal.organizationId)
    .$if(scope.type === "project", (query) =>
      query.where("project_id", "=", scope.type === "project" ? scope.projectId : 0),
    )
    .$if(scope.type === "workflow", (query) => query.where("id", "=", scope.type === "workflow" ? scope.workflowId : 0))
    .orderBy("id")
    .execute();
  return rows.map(toWorkflowJson);
}
