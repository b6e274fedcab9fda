import { pathId } from "../http/path-id.ts";
import type { Route } from "../http/route.ts";
import { fireTrigger } from "./fire-trigger.ts";
import { triggerDeps } from "./trigger-deps.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `POST /api/v1/triggers/{id}/fire` (D22, schedule triggers only). */
export const fireTriggerRoute: Route<"fire-trigger", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    const triggerRun = await fireTrigger(
      context.store.db,
      triggerDeps(input, context),
      pathId(input.params, "trigger"),
    );
    context.wakeWorker();
    return { status: 201, body: triggerRun };
  },
};
