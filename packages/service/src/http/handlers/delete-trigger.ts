import { deleteTrigger } from "../../triggers/delete-trigger.ts";
import { pathId } from "../path-id.ts";
import { principalOf, type Route } from "../route.ts";

/** `DELETE /api/v1/triggers/{id}`. */
export const deleteTriggerRoute: Route<"delete-trigger"> = {
  auth: "api",
  async handler(input, context) {
    await deleteTrigger(context.store.db, principalOf(input), pathId(input.params, "trigger"));
    return { status: 204 };
  },
};
