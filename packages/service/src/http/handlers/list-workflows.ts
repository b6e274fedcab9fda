import { listWorkflows } from "../../workflows/list-workflows.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/workflows`. */
export const listWorkflowsRoute: Route<"list-workflows"> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: { items: await listWorkflows(context.store.db, principalOf(input)) } };
  },
};
