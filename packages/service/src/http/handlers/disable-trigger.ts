import { setTriggerEnabled } from "../../triggers/set-trigger-enabled.ts";
import { pathId } from "../path-id.ts";
import type { Route } from "../route.ts";
import { triggerDeps } from "../trigger-deps.ts";

/** `POST /api/v1/triggers/{id}/disable`; a disabled webhook trigger answers 409. */
export const disableTriggerRoute: Route<"disable-trigger"> = {
  auth: "api",
  async handler(input, context) {
    const id = pathId(input.params, "trigger");
    const trigger = await setTriggerEnabled(context.store.db, triggerDeps(input, context), { id, enabled: false });
    return { status: 200, body: trigger };
  },
};
