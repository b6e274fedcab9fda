import { pathId } from "../http/path-id.ts";
import type { Route } from "../http/route.ts";
import { revokeApiToken } from "./api-tokens.ts";
import type { TenancyContext } from "./tenancy-context.ts";

/** `DELETE /api/v1/admin/tokens/{id}` (admin token). */
export const revokeApiTokenRoute: Route<"revoke-api-token", TenancyContext> = {
  auth: "admin",
  async handler(input, context) {
    await revokeApiToken(context.store.db, pathId(input.params, "API token"), context.now());
    return { status: 204 };
  },
};
