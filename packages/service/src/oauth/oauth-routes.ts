import type { FeatureRoutes } from "../http/route.ts";
import { connectOAuthRoute } from "./connect-oauth-route.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { verifyInstallationRoute } from "./verify-installation-route.ts";

/** The OAuth routes: one file per route beside this list; the callback, a page, is the portal's (D575). */
export const OAUTH_ROUTES = {
  "connect-oauth": connectOAuthRoute,
  "verify-installation": verifyInstallationRoute,
} satisfies FeatureRoutes<OAuthContext>;
