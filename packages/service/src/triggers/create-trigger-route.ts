import { pathId } from "../http/path-id.ts";
import type { Route } from "../http/route.ts";
import { checkCallbackUrl } from "../outbound/check-callback-url.ts";
import { createTrigger } from "./create-trigger.ts";
import { triggerDeps } from "./trigger-deps.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `POST /api/v1/workflows/{id}/triggers`: a webhook trigger's answer shows its URL (D16, D17). */
export const createTriggerRoute: Route<"create-trigger", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    checkCallbackUrl(context.outbound, input.body);
    const workflowId = pathId(input.params, "workflow");
    const trigger = await createTrigger(context.store.db, triggerDeps(input, context), {
      workflowId,
      body: input.body,
    });
    if (trigger.type === "schedule") context.wakeScheduler();
    return { status: 201, body: trigger, headers: { Location: `/api/v1/triggers/${trigger.id}` } };
  },
};
