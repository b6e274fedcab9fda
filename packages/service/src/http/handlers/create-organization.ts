import { createOrganization } from "../../tenancy/organizations.ts";
import type { Route } from "../route.ts";

/** `POST /api/v1/admin/organizations` (admin token). */
export const createOrganizationRoute: Route<"create-organization"> = {
  auth: "admin",
  async handler(input, context) {
    return { status: 201, body: await createOrganization(context.store.db, input.body.name, context.now()) };
  },
};
