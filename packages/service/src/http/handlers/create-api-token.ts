import { issueApiToken } from "../../tenancy/api-tokens.ts";
import type { Route } from "../route.ts";

/** `POST /api/v1/admin/tokens` (admin token): the token is in this answer and nowhere else. */
export const createApiTokenRoute: Route<"create-api-token"> = {
  auth: "admin",
  async handler(input, context) {
    const { body } = input;
    const target = "project_id" in body ? { projectId: body.project_id } : { workflowId: body.workflow_id };
    const token = await issueApiToken(context.store.db, { target, name: body.name }, context.now());
    return { status: 201, body: token };
  },
};
