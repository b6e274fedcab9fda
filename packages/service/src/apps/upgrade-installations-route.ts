import { principalOf, type Route } from "../http/route.ts";
import { upgradeInstallations } from "../installations/upgrade-installations.ts";
import type { AppsContext } from "./apps-context.ts";

/** `POST /api/v1/apps/{slug}/installations/upgrade` (D451): move installations to the published version. */
export const upgradeInstallationsRoute: Route<"upgrade-installations", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    return { status: 200, body: await upgradeInstallations(context, principalOf(input), slug, input.body) };
  },
};
