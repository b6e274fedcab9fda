import type { OAUTH_ENDPOINTS } from "@adapterkit/contract";
import { app, installation, installationChange } from "./app-matrix.ts";
import { APP_TARGETS, type Caller, TARGETS, type Target } from "./authorization-world.ts";
import { always, type MatrixEntry, OWN } from "./matrix-entry.ts";

type OAuthEndpointId = (typeof OAUTH_ENDPOINTS)[number]["id"];

/**
 * The OAuth routes (A6; D128–D133). The world's Apps declare no `oauth_config`, so a connect that passes every
 * permission check ends in 409: what is checked here is who gets that far.
 */
export const OAUTH_MATRIX: { readonly [K in OAuthEndpointId]: MatrixEntry } = {
  "connect-oauth": {
    targets: APP_TARGETS,
    request: (w, t) => ({
      path: "/api/v1/oauth/connect",
      json: { app: app(w, t), client_id: "matrix-client", client_secret: "matrix-secret" },
    }),
    expect: (caller: Caller, target: Target) => {
      if (caller === "none" || caller === "admin") return 401;
      if (caller === "workflow") return 403;
      return target === "other-org" ? 404 : 409;
    },
  },
  // No bearer token: the state is the credential, so every caller with a made-up one gets the same 400.
  "oauth-callback": {
    targets: OWN,
    request: () => ({ path: "/oauth/callback?state=made-up&code=made-up" }),
    expect: always(400),
  },
  "verify-installation": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}/verify` }),
    expect: installationChange(200),
  },
};
