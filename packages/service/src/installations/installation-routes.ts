import type { FeatureRoutes } from "../http/route.ts";
import { createInstallationRoute } from "./create-installation-route.ts";
import { deleteInstallationRoute } from "./delete-installation-route.ts";
import { getInstallationRoute } from "./get-installation-route.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { listInstallationsRoute } from "./list-installations-route.ts";
import { replaceInstallationCredentialsRoute } from "./replace-installation-credentials-route.ts";
import { updateInstallationRoute } from "./update-installation-route.ts";

/** The installation routes: one file per route beside this list. */
export const INSTALLATION_ROUTES = {
  "create-installation": createInstallationRoute,
  "list-installations": listInstallationsRoute,
  "get-installation": getInstallationRoute,
  "update-installation": updateInstallationRoute,
  "replace-installation-credentials": replaceInstallationCredentialsRoute,
  "delete-installation": deleteInstallationRoute,
} satisfies FeatureRoutes<InstallationsContext>;
