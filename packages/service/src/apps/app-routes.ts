import type { FeatureRoutes } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { getAppRoute } from "./get-app-route.ts";
import { getAppSigningSecretRoute } from "./get-app-signing-secret-route.ts";
import { listAppsRoute } from "./list-apps-route.ts";
import { previewAppRoute } from "./preview-app-route.ts";
import { publishAppRoute } from "./publish-app-route.ts";
import { refreshAppRoute } from "./refresh-app-route.ts";
import { registerAppRoute } from "./register-app-route.ts";
import { reviewAppRoute } from "./review-app-route.ts";
import { rotateAppSigningSecretRoute } from "./rotate-app-signing-secret-route.ts";
import { verifyAppRoute } from "./verify-app-route.ts";

/** The App routes: one file per route beside this list. */
export const APP_ROUTES = {
  "preview-app": previewAppRoute,
  "register-app": registerAppRoute,
  "list-apps": listAppsRoute,
  "get-app": getAppRoute,
  "refresh-app": refreshAppRoute,
  "verify-app": verifyAppRoute,
  "review-app": reviewAppRoute,
  "publish-app": publishAppRoute,
  "get-app-signing-secret": getAppSigningSecretRoute,
  "rotate-app-signing-secret": rotateAppSigningSecretRoute,
} satisfies FeatureRoutes<AppsContext>;
