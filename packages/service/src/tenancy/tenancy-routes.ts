import type { FeatureRoutes } from "../http/route.ts";
import { createApiTokenRoute } from "./create-api-token-route.ts";
import { createOrganizationRoute } from "./create-organization-route.ts";
import { createProjectRoute } from "./create-project-route.ts";
import { revokeApiTokenRoute } from "./revoke-api-token-route.ts";
import type { TenancyContext } from "./tenancy-context.ts";

/** The organization, project and API token routes: one file per route beside this list. */
export const TENANCY_ROUTES = {
  "create-organization": createOrganizationRoute,
  "create-project": createProjectRoute,
  "create-api-token": createApiTokenRoute,
  "revoke-api-token": revokeApiTokenRoute,
} satisfies FeatureRoutes<TenancyContext>;
