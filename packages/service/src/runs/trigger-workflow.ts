import type { TriggerResponse } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { getAuthorizedWorkflow } from "../workflows/find-workflow.ts";
import { assertStartable } from "./check-startable.ts";
import { enqueueRun } from "./enqueue-run.ts";
import type { WorkflowExecutor } from "./workflow-executor.ts";

/** D13 after authentication and body validation: 404 → 403 → 422, then a queued run without input. */
export async function triggerWorkflow(
  db: Kysely<Database>,
  deps: { principal: Principal; executor: WorkflowExecutor; now: Date },
  workflowId: number,
): Promise<TriggerResponse> {
  const workflow = await getAuthorizedWorkflow(db, deps.principal, workflowId);
  assertStartable(workflow, deps.executor);
  const run = await db
    .transaction()
    .execute((trx) =>
      enqueueRun(trx, { organizationId: workflow.organization_id, workflowId, source: "api", input: null }, deps.now),
    );
  return { workflow_run_id: run.id, session_id: run.session_id };
}
