import type { Route } from "../http/route.ts";
import { issueApiToken } from "./api-tokens.ts";
import type { TenancyContext } from "./tenancy-context.ts";

/** `POST /api/v1/admin/tokens` (admin token): the token is in this answer and nowhere else. */
export const createApiTokenRoute: Route<"create-api-token", TenancyContext> = {
  auth: "admin",
  async handler(input, context) {
    const { body } = input;
    const target = "project_id" in body ? { projectId: body.project_id } : { workflowId: body.workflow_id };
    const token = await issueApiToken(context.store.db, { target, name: body.name }, context.now());
    return { status: 201, body: token };
  },
};
