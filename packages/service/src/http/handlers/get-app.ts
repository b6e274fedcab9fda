import { getVisibleApp } from "../../apps/find-app.ts";
import { showApp } from "../../apps/show-app.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/apps/{slug}`. */
export const getAppRoute: Route<"get-app"> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const app = await getVisibleApp(context.store.db, principal, input.params.slug ?? "");
    return { status: 200, body: await showApp(context, principal, app) };
  },
};
