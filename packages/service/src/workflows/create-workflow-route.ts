import { principalOf, type Route } from "../http/route.ts";
import { checkCallbackUrl } from "../outbound/check-callback-url.ts";
import { createWorkflow } from "./create-workflow.ts";
import type { WorkflowsContext } from "./workflows-context.ts";

/** `POST /api/v1/workflows`. */
export const createWorkflowRoute: Route<"create-workflow", WorkflowsContext> = {
  auth: "api",
  async handler(input, context) {
    checkCallbackUrl(context.outbound, input.body);
    const workflow = await createWorkflow(context.store.db, principalOf(input), input.body, context.now());
    return { status: 201, body: workflow, headers: { Location: `/api/v1/workflows/${workflow.id}` } };
  },
};
