import { refreshAppBySlug } from "../../apps/refresh-app-by-slug.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/apps/{slug}/refresh` (A1). */
export const refreshAppRoute: Route<"refresh-app"> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await refreshAppBySlug(context, principalOf(input), input.params.slug ?? "") };
  },
};
