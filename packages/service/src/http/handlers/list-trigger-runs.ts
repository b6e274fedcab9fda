import { listTriggerRuns } from "../../triggers/list-trigger-runs.ts";
import { pathId } from "../path-id.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/triggers/{id}/runs?limit=&cursor=`. */
export const listTriggerRunsRoute: Route<"list-trigger-runs"> = {
  auth: "api",
  async handler(input, context) {
    const id = pathId(input.params, "trigger");
    const page = await listTriggerRuns(context.store.db, principalOf(input), { id, query: input.query });
    return { status: 200, body: page };
  },
};
