import { getAuthorizedWorkflow } from "../../workflows/find-workflow.ts";
import { toWorkflowJson } from "../../workflows/to-workflow-json.ts";
import { pathId } from "../path-id.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/workflows/{id}`. */
export const getWorkflowRoute: Route<"get-workflow"> = {
  auth: "api",
  async handler(input, context) {
    const row = await getAuthorizedWorkflow(context.store.db, principalOf(input), pathId(input.params, "workflow"));
    return { status: 200, body: toWorkflowJson(row) };
  },
};
