import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { listRunCallbacks } from "./list-run-callbacks.ts";

/** `GET /api/v1/workflow-runs/{id}/callbacks` (D510). */
export const listRunCallbacksRoute: Route<"list-run-callbacks", CallbacksContext> = {
  auth: "api",
  async handler(input, context) {
    const runId = pathId(input.params, "workflow run");
    return { status: 200, body: { items: await listRunCallbacks(context.store.db, principalOf(input), runId) } };
  },
};
