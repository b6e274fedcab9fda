import { getWorkflowRun } from "../../runs/get-workflow-run.ts";
import { pathId } from "../path-id.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/workflow-runs/{id}`. */
export const getWorkflowRunRoute: Route<"get-workflow-run"> = {
  auth: "api",
  async handler(input, context) {
    const run = await getWorkflowRun(context.store.db, principalOf(input), pathId(input.params, "workflow run"));
    return { status: 200, body: run };
  },
};
