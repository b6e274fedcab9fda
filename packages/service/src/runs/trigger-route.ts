import { principalOf, type Route } from "../http/route.ts";
import type { RunsContext } from "./runs-context.ts";
import { triggerWorkflow } from "./trigger-workflow.ts";

/** `POST /api/v1/trigger` (D13). */
export const triggerRoute: Route<"trigger", RunsContext> = {
  auth: "api",
  async handler(input, context) {
    const result = await triggerWorkflow(
      context.store.db,
      { principal: principalOf(input), executor: context.executor, now: context.now() },
      input.body.workflow_id,
    );
    context.wakeWorker();
    return { status: 201, body: result, headers: { Location: `/api/v1/workflow-runs/${result.workflow_run_id}` } };
  },
};
