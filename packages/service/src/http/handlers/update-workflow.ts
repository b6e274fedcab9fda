import { checkCallbackUrl } from "../../callbacks/check-callback-url.ts";
import { updateWorkflow } from "../../workflows/update-workflow.ts";
import { pathId } from "../path-id.ts";
import { principalOf, type Route } from "../route.ts";

/** `PATCH /api/v1/workflows/{id}` (D23 on the prompt setting). */
export const updateWorkflowRoute: Route<"update-workflow"> = {
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
