import { pathId } from "../http/path-id.ts";
import type { Route } from "../http/route.ts";
import { checkCallbackUrl } from "../outbound/check-callback-url.ts";
import { triggerDeps } from "./trigger-deps.ts";
import type { TriggersContext } from "./triggers-context.ts";
import { updateTrigger } from "./update-trigger.ts";

/** `PATCH /api/v1/triggers/{id}`. */
export const updateTriggerRoute: Route<"update-trigger", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    checkCallbackUrl(context.outbound, input.body);
    const id = pathId(input.params, "trigger");
    const trigger = await updateTrigger(context.store.db, triggerDeps(input, context), { id, body: input.body });
    if (trigger.type === "schedule") context.wakeScheduler();
    return { status: 200, body: trigger };
  },
};
