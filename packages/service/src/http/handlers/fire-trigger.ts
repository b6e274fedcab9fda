import { fireTrigger } from "../../triggers/fire-trigger.ts";
import { pathId } from "../path-id.ts";
import type { Route } from "../route.ts";
import { triggerDeps } from "../trigger-deps.ts";

/** `POST /api/v1/triggers/{id}/fire` (D22, schedule triggers only). */
export const fireTriggerRoute: Route<"fire-trigger"> = {
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
