import type { Route } from "../http/route.ts";
import { createOrganization } from "./organizations.ts";
import type { TenancyContext } from "./tenancy-context.ts";

/** `POST /api/v1/admin/organizations` (admin token). */
export const createOrganizationRoute: Route<"create-organization", TenancyContext> = {
  auth: "admin",
  async handler(input, context) {
    return { status: 201, body: await createOrganization(context.store.db, input.body.name, context.now()) };
  },
};
