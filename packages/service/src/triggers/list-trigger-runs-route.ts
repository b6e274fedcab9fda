import { pathId } from "../http/path-id.ts";
import { principalOf, type Route } from "../http/route.ts";
import { listTriggerRuns } from "./list-trigger-runs.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `GET /api/v1/triggers/{id}/runs?limit=&cursor=`. */
export const listTriggerRunsRoute: Route<"list-trigger-runs", TriggersContext> = {
  auth: "api",
  async handler(input, context) {
    const id = pathId(input.params, "trigger");
    const page = await listTriggerRuns(context.store.db, principalOf(input), { id, query: input.query });
    return { status: 200, body: page };
  },
};
