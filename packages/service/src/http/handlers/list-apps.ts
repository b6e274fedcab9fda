import { listApps } from "../../apps/list-apps.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/apps`. */
export const listAppsRoute: Route<"list-apps"> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: { items: await listApps(context, principalOf(input)) } };
  },
};
