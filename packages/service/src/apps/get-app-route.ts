import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { getVisibleApp } from "./find-app.ts";
import { showApp } from "./show-app.ts";

/** `GET /api/v1/apps/{slug}`. */
export const getAppRoute: Route<"get-app", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const app = await getVisibleApp(context.store.db, principal, input.params.slug ?? "");
    return { status: 200, body: await showApp(context, principal, app) };
  },
};
