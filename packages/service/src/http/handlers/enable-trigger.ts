import { setTriggerEnabled } from "../../triggers/set-trigger-enabled.ts";
import { pathId } from "../path-id.ts";
import type { Route } from "../route.ts";
import { triggerDeps } from "../trigger-deps.ts";

/** `POST /api/v1/triggers/{id}/enable` (refused by D23). */
export const enableTriggerRoute: Route<"enable-trigger"> = {
  auth: "api",
  async handler(input, context) {
    const id = pathId(input.params, "trigger");
    const trigger = await setTriggerEnabled(context.store.db, triggerDeps(input, context), { id, enabled: true });
    if (trigger.type === "schedule") context.wakeScheduler();
    return { status: 200, body: trigger };
  },
};
