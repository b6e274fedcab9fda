import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { listApps } from "./list-apps.ts";

/** `GET /api/v1/apps`. */
export const listAppsRoute: Route<"list-apps", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: { items: await listApps(context, principalOf(input)) } };
  },
};
