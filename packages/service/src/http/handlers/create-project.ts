import { createProject } from "../../tenancy/organizations.ts";
import type { Route } from "../route.ts";

/** `POST /api/v1/admin/projects` (admin token). */
export const createProjectRoute: Route<"create-project"> = {
  auth: "admin",
  async handler(input, context) {
    const { organization_id: organizationId, name } = input.body;
    return { status: 201, body: await createProject(context.store.db, { organizationId, name }, context.now()) };
  },
};
