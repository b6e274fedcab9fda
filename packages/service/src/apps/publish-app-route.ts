import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { publishApp } from "./publish-app.ts";

/** `POST /api/v1/apps/{slug}/publish` (D450): publish an approved version. */
export const publishAppRoute: Route<"publish-app", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    return { status: 200, body: await publishApp(context, principalOf(input), slug, input.body.version) };
  },
};
