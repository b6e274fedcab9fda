import { authorizeAppManagement } from "../../apps/authorize-app-management.ts";
import { getOwnApp } from "../../apps/find-app.ts";
import { showApp } from "../../apps/show-app.ts";
import { transitionApp } from "../../apps/transition-app.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/apps/{slug}/submit`: draft → in_review. */
export const submitAppRoute: Route<"submit-app"> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    authorizeAppManagement(principal);
    const app = await getOwnApp(context.store.db, principal, input.params.slug ?? "");
    const moved = await transitionApp(context.store.db, app, { kind: "submit" }, context.now());
    return { status: 200, body: await showApp(context, principal, moved) };
  },
};
