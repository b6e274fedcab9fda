import type { FeatureRoutes } from "../http/route.ts";
import type { CredentialsContext } from "./credentials-context.ts";
import { listCredentialsRoute } from "./list-credentials-route.ts";

/** The credential routes: one file per route beside this list. */
export const CREDENTIAL_ROUTES = {
  "list-credentials": listCredentialsRoute,
} satisfies FeatureRoutes<CredentialsContext>;
