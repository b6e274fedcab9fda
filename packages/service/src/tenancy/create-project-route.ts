import type { Route } from "../http/route.ts";
import { createProject } from "./organizations.ts";
import type { TenancyContext } from "./tenancy-context.ts";

/** `POST /api/v1/admin/projects` (admin token). */
export const createProjectRoute: Route<"create-project", TenancyContext> = {
  auth: "admin",
  async handler(input, context) {
    const { organization_id: organizationId, name } = input.body;
    return { status: 201, body: await createProject(context.store.db, { organizationId, name }, context.now()) };
  },
};
