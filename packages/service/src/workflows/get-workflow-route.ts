import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import { getAuthorizedWorkflow } from "./find-workflow.ts";
import { toWorkflowJson } from "./to-workflow-json.ts";
import type { WorkflowsContext } from "./workflows-context.ts";

/** `GET /api/v1/workflows/{id}`. */
export const getWorkflowRoute: Route<"get-workflow", WorkflowsContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await getAuthorizedWorkflow(context.store.db, principalOf(input), pathId(input.params, "workflow"));
    return { status: 200, body: toWorkflowJson(row) };
  },
};
