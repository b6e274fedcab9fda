import { pathId } from "../http/path-id.ts";
import type { Route } from "../http/route.ts";
import { listTriggers } from "./list-triggers.ts";
import { triggerDeps } from "./trigger-deps.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `GET /api/v1/workflows/{id}/triggers`. */
export const listTriggersRoute: Route<"list-triggers", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    const items = await listTriggers(context.store.db, triggerDeps(input, context), pathId(input.params, "workflow"));
    return { status: 200, body: { items } };
  },
};
