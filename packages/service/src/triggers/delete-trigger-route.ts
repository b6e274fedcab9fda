import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import { deleteTrigger } from "./delete-trigger.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `DELETE /api/v1/triggers/{id}`. */
export const deleteTriggerRoute: Route<"delete-trigger", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    await deleteTrigger(context.store.db, principalOf(input), pathId(input.params, "trigger"));
    return { status: 204 };
  },
};
