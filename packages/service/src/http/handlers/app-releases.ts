import { publishApp } from "../../apps/publish-app.ts";
import { moveInstallationsBack, upgradeInstallations } from "../../installations/upgrade-installations.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/apps/{slug}/publish` (D450): publish an approved version. */
export const publishAppRoute: Route<"publish-app"> = {
  auth: "api",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    return { status: 200, body: await publishApp(context, principalOf(input), slug, input.body.version) };
  },
};

/** `POST /api/v1/apps/{slug}/installations/upgrade` (D451): move installations to the published version. */
export const upgradeInstallationsRoute: Route<"upgrade-installations"> = {
  auth: "api",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    return { status: 200, body: await upgradeInstallations(context, principalOf(input), slug, input.body) };
  },
};

/** `POST /api/v1/apps/{slug}/installations/move-back` (D454): the moved ones back where they came from. */
export const moveInstallationsBackRoute: Route<"move-back-installations"> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await moveInstallationsBack(context, principalOf(input), input.params.slug ?? "") };
  },
};
