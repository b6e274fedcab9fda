import { pathId } from "../http/path-id.ts";
import type { Route } from "../http/route.ts";
import { setTriggerEnabled } from "./set-trigger-enabled.ts";
import { triggerDeps } from "./trigger-deps.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `POST /api/v1/triggers/{id}/disable`; a disabled webhook trigger answers 409. */
export const disableTriggerRoute: Route<"disable-trigger", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    const id = pathId(input.params, "trigger");
    const trigger = await setTriggerEnabled(context.store.db, triggerDeps(input, context), { id, enabled: false });
    return { status: 200, body: trigger };
  },
};
