import { revokeApiToken } from "../../tenancy/api-tokens.ts";
import { pathId } from "../path-id.ts";
import type { Route } from "../route.ts";

/** `DELETE /api/v1/admin/tokens/{id}` (admin token). */
export const revokeApiTokenRoute: Route<"revoke-api-token"> = {
  auth: "admin",
  async handler(input, context) {
    await revokeApiToken(context.store.db, pathId(input.params, "API token"), context.now());
    return { status: 204 };
  },
};
