import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { registerAppAt } from "./register-app-at.ts";

/** `POST /api/v1/apps` (A1): the draft, created on confirmation. */
export const registerAppRoute: Route<"register-app", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    const app = await registerAppAt(context, principalOf(input), input.body.base_url);
    return { status: 201, body: app, headers: { Location: `/api/v1/apps/${app.slug}` } };
  },
};
