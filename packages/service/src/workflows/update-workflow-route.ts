import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import { checkCallbackUrl } from "../outbound/check-callback-url.ts";
import { updateWorkflow } from "./update-workflow.ts";
import type { WorkflowsContext } from "./workflows-context.ts";

/** `PATCH /api/v1/workflows/{id}` (D23 on the prompt setting). */
export const updateWorkflowRoute: Route<"update-workflow", WorkflowsContext> = {
  auth: "api",
  async handler(input, context) {
    checkCallbackUrl(context.outbound, input.body);
    const id = pathId(input.params, "workflow");
    const workflow = await updateWorkflow(
      context.store.db,
      principalOf(input),
      { id, patch: input.body },
      context.now(),
    );
    return { status: 200, body: workflow };
  },
};
