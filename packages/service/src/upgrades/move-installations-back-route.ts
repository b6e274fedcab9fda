import { getManagedApp } from "../apps/authorize-app-management.ts";
import { principalOf, type Route } from "../http/route.ts";
import { moveInstallationsBack } from "../installations/upgrade-installations.ts";
import { withdrawActiveUpgrade } from "./cancel-upgrade.ts";
import type { UpgradesContext } from "./upgrades-context.ts";

/**
 * `POST /api/v1/apps/{slug}/installations/move-back` (D454, D583): the moved ones back where they came from, at once
 * (no /verify call, so no job); a queued or running upgrade job of the App is withdrawn first.
 */
export const moveInstallationsBackRoute: Route<"move-back-installations", UpgradesContext> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const slug = input.params.slug ?? "";
    await withdrawActiveUpgrade(context, (await getManagedApp(context.store.db, principal, slug)).id);
    return { status: 200, body: await moveInstallationsBack(context, principal, slug) };
  },
};
