import { checkCallbackUrl } from "../../callbacks/check-callback-url.ts";
import { createWorkflow } from "../../workflows/create-workflow.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/workflows`. */
export const createWorkflowRoute: Route<"create-workflow"> = {
  auth: "api",
  async handler(input, context) {
    checkCallbackUrl(context.outbound, input.body);
    const workflow = await createWorkflow(context.store.db, principalOf(input), input.body, context.now());
    return { status: 201, body: workflow, headers: { Location: `/api/v1/workflows/${workflow.id}` } };
  },
};
