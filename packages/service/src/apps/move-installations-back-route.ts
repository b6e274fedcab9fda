import { principalOf, type Route } from "../http/route.ts";
import { moveInstallationsBack } from "../installations/upgrade-installations.ts";
import type { AppsContext } from "./apps-context.ts";

/** `POST /api/v1/apps/{slug}/installations/move-back` (D454): the moved ones back where they came from. */
export const moveInstallationsBackRoute: Route<"move-back-installations", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await moveInstallationsBack(context, principalOf(input), input.params.slug ?? "") };
  },
};
