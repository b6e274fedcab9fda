import type { FeatureRoutes } from "../http/route.ts";
import { connectOAuthRoute } from "./connect-oauth-route.ts";
import { oauthCallbackRoute } from "./oauth-callback-route.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { verifyInstallationRoute } from "./verify-installation-route.ts";

/** The OAuth routes: one file per route beside this list. */
export const OAUTH_ROUTES = {
  "connect-oauth": connectOAuthRoute,
  "oauth-callback": oauthCallbackRoute,
  "verify-installation": verifyInstallationRoute,
} satisfies FeatureRoutes<OAuthContext>;
