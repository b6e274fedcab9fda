import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import { getWorkflowRun } from "./get-workflow-run.ts";
import type { RunsContext } from "./runs-context.ts";

/** `GET /api/v1/workflow-runs/{id}`. */
export const getWorkflowRunRoute: Route<"get-workflow-run", RunsContext> = {
  auth: "api",
  async handler(input, context) {
    const run = await getWorkflowRun(context.store.db, principalOf(input), pathId(input.params, "workflow run"));
    return { status: 200, body: run };
  },
};
