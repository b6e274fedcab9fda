import type { FeatureRoutes, Route } from "../http/route.ts";
import { principalOf } from "../http/route.ts";
import { parseIdParam } from "../store/storable-id.ts";
import { cancelUpgrade } from "./cancel-upgrade.ts";
import { moveInstallationsBackRoute } from "./move-installations-back-route.ts";
import { listUpgrades, showUpgrade } from "./show-upgrades.ts";
import { startUpgrade } from "./start-upgrade.ts";
import type { UpgradesContext } from "./upgrades-context.ts";

// A malformed id is a 404 without a database read, as an unknown one.
const upgradeIdOf = (segment: string | undefined): number => parseIdParam(segment) ?? 0;

/** `POST /api/v1/apps/{slug}/installations/upgrade` (D580): 202 with the queued job and its Location. */
export const upgradeInstallationsRoute: Route<"upgrade-installations", UpgradesContext> = {
  auth: "api",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    const job = await startUpgrade(context, principalOf(input), slug, input.body);
    return { status: 202, body: job, headers: { location: `/api/v1/apps/${job.app}/upgrades/${job.id}` } };
  },
};

/** `GET /api/v1/apps/{slug}/upgrades`. */
export const listAppUpgradesRoute: Route<"list-app-upgrades", UpgradesContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: { items: await listUpgrades(context, principalOf(input), input.params.slug ?? "") } };
  },
};

/** `GET /api/v1/apps/{slug}/upgrades/{upgrade_id}`. */
export const getAppUpgradeRoute: Route<"get-app-upgrade", UpgradesContext> = {
  auth: "api",
  async handler(input, context) {
    const { slug = "", upgrade_id: id } = input.params;
    return { status: 200, body: await showUpgrade(context, principalOf(input), slug, upgradeIdOf(id)) };
  },
};

/** `POST /api/v1/apps/{slug}/upgrades/{upgrade_id}/cancel` (D582). */
export const cancelAppUpgradeRoute: Route<"cancel-app-upgrade", UpgradesContext> = {
  auth: "api",
  async handler(input, context) {
    const { slug = "", upgrade_id: id } = input.params;
    return { status: 202, body: await cancelUpgrade(context, principalOf(input), slug, upgradeIdOf(id)) };
  },
};

/** The upgrade routes (D580–D582). */
export const UPGRADE_ROUTES = {
  "upgrade-installations": upgradeInstallationsRoute,
  "list-app-upgrades": listAppUpgradesRoute,
  "get-app-upgrade": getAppUpgradeRoute,
  "cancel-app-upgrade": cancelAppUpgradeRoute,
  "move-back-installations": moveInstallationsBackRoute,
} satisfies FeatureRoutes<UpgradesContext>;
