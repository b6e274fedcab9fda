import { principalOf, type Route } from "../http/route.ts";
import { listWorkflows } from "./list-workflows.ts";
import type { WorkflowsContext } from "./workflows-context.ts";

/** `GET /api/v1/workflows`. */
export const listWorkflowsRoute: Route<"list-workflows", WorkflowsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: { items: await listWorkflows(context.store.db, principalOf(input)) } };
  },
};
