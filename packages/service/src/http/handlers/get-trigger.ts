import { getAuthorizedTrigger } from "../../triggers/find-trigger.ts";
import { toTriggerJson } from "../../triggers/to-trigger-json.ts";
import { pathId } from "../path-id.ts";
import type { Route } from "../route.ts";
import { triggerDeps } from "../trigger-deps.ts";

/** `GET /api/v1/triggers/{id}`. */
export const getTriggerRoute: Route<"get-trigger"> = {
  auth: "api",
  async handler(input, context) {
    const deps = triggerDeps(input, context);
    const { trigger } = await getAuthorizedTrigger(context.store.db, deps.principal, pathId(input.params, "trigger"));
    return { status: 200, body: toTriggerJson(trigger, deps.json) };
  },
};
