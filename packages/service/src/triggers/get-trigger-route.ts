import { pathId } from "../http/path-id.ts";
import type { Route } from "../http/route.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";
import { toTriggerJson } from "./to-trigger-json.ts";
import { triggerDeps } from "./trigger-deps.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `GET /api/v1/triggers/{id}`. */
export const getTriggerRoute: Route<"get-trigger", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    const deps = triggerDeps(input, context);
    const { trigger } = await getAuthorizedTrigger(context.store.db, deps.principal, pathId(input.params, "trigger"));
    return { status: 200, body: toTriggerJson(trigger, deps.json) };
  },
};
