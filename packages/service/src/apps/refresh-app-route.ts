import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { refreshAppBySlug } from "./refresh-app-by-slug.ts";

/** `POST /api/v1/apps/{slug}/refresh` (A1). */
export const refreshAppRoute: Route<"refresh-app", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await refreshAppBySlug(context, principalOf(input), input.params.slug ?? "") };
  },
};
