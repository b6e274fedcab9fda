import type { Kysely } from "kysely";
import { authorizeWorkflow } from "../auth/authorize-workflow.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { type Database, isStorableId } from "../store/index.ts";

/**
 * Checks the principal may read the run's callbacks as it may read the run (D13 order): 404 when unknown or in
 * another organization, 403 outside the token's project or workflow.
 */
export async function authorizeRun(db: Kysely<Database>, principal: Principal, runId: number): Promise<void> {
  const run = isStorableId(runId)
    ? await db
        .selectFrom("workflow_runs")
        .innerJoin("workflows", "workflows.id", "workflow_runs.workflow_id")
        .select(["workflows.id", "workflows.organization_id", "workflows.project_id"])
        .where("workflow_runs.id", "=", runId)
        .executeTakeFirst()
    : undefined;
  if (run === undefined || run.organization_id !== principal.organizationId) {
    throw new ServiceError("not_found", `No workflow run ${runId} in this organization.`);
  }
  authorizeWorkflow(principal, run, run.id);
}
