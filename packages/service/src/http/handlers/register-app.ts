import { registerAppAt } from "../../apps/register-app-at.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/apps` (A1): the draft, created on confirmation. */
export const registerAppRoute: Route<"register-app"> = {
  auth: "api",
  async handler(input, context) {
    const app = await registerAppAt(context, principalOf(input), input.body.base_url);
    return { status: 201, body: app, headers: { Location: `/api/v1/apps/${app.slug}` } };
  },
};
