import { listTriggers } from "../../triggers/list-triggers.ts";
import { pathId } from "../path-id.ts";
import type { Route } from "../route.ts";
import { triggerDeps } from "../trigger-deps.ts";

/** `GET /api/v1/workflows/{id}/triggers`. */
export const listTriggersRoute: Route<"list-triggers"> = {
  auth: "api",
  async handler(input, context) {
    const items = await listTriggers(context.store.db, triggerDeps(input, context), pathId(input.params, "workflow"));
    return { status: 200, body: { items } };
  },
};
