import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { EXAMPLE_INSTALLATION } from "./app-examples.ts";
import { BEARER, E, ok, problem } from "./endpoint-parts.ts";
import { installationSchema } from "./installation.ts";
import { INSTALLATION_ID_PARAM } from "./installation-endpoints.ts";
import { oauthAuthorizationSchema, oauthConnectedSchema, oauthConnectRequestSchema } from "./oauth.ts";

const EXAMPLE_AUTHORIZATION = {
  authorize_url:
    "https://tasks.example/auth?response_type=code&client_id=my-client&redirect_uri=https%3A%2F%2Fsvc.example%2Foauth%2Fcallback&state=…&code_challenge=…&code_challenge_method=S256&scope=tasks%3Aread",
  redirect_uri: "https://svc.example/oauth/callback",
  credential_key: "tasks_oauth",
  expires_at: "2026-01-01T12:10:00.000Z",
};

const EXAMPLE_CONNECTED = {
  app: "tasks",
  credential: {
    key: "tasks_oauth",
    publisher_id: 1,
    project_id: 2,
    type: "oauth2",
    fields: ["access_token", "client_id", "client_secret", "refresh_token"],
    status: "active",
    expires_at: "2026-01-01T13:00:00.000Z",
    updated_at: "2026-01-01T12:00:00.000Z",
  },
};

const UPSTREAM = {
  502: problem(
    "adapter_failed",
    "The App's token endpoint failed or answered garbage.",
    "The token endpoint of App tasks failed: fetch failed",
  ),
  504: problem(
    "adapter_timeout",
    "The App's token endpoint did not answer in time.",
    "The token endpoint of App tasks did not answer within 10000 ms.",
  ),
} as const;

const param = (description: string) => ({ description, schema: z.string() });

/**
 * Connecting an account with OAuth 2 (A6): start at the API, finish at the service's own callback; and checking an
 * installation's stored (OAuth: freshly refreshed) credentials with its adapter again.
 */
export const OAUTH_ENDPOINTS = [
  {
    id: "connect-oauth",
    method: "POST",
    path: "/api/v1/oauth/connect",
    summary:
      "Start connecting an account for an App's oauth2 credential: the authorize URL (PKCE S256, a single-use state) from the manifest's oauth_config (A6). Project-scoped tokens only.",
    tags: ["oauth"],
    security: BEARER,
    request: {
      schema: oauthConnectRequestSchema,
      example: { app: "tasks", client_id: "my-client", client_secret: "…" },
    },
    responses: {
      200: ok("Send the user to authorize_url.", oauthAuthorizationSchema, EXAMPLE_AUTHORIZATION),
      400: E[400],
      401: E[401],
      403: problem(
        "forbidden",
        "A workflow-scoped token cannot connect accounts.",
        "A workflow-scoped token cannot register, change or install Apps; use a project-scoped token.",
      ),
      404: problem("not_found", "No such App, or one this organization cannot see.", "No App tasks."),
      409: problem(
        "conflict",
        "The App declares no oauth_config with an oauth2 credential, or its URLs are refused.",
        "App chat declares no oauth_config with an oauth2 credential.",
      ),
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "oauth-callback",
    method: "GET",
    path: "/oauth/callback",
    summary:
      "Where the provider sends the user back: checks the single-use state, exchanges the code with the PKCE verifier and stores the tokens sealed with their expiry (A6). No bearer token: the state is the credential. A browser (Accept: text/html) gets an HTML page linking to the App's install page instead of JSON, with the same status (D258).",
    query: {
      state: param("The state of the authorization started with POST /api/v1/oauth/connect."),
      code: param("The authorization code."),
      error: param("The provider's refusal (access_denied…), instead of a code."),
      error_description: param("The provider's words about it."),
      iss: param("The provider's issuer (RFC 9207); ignored."),
    },
    tags: ["oauth"],
    security: [],
    responses: {
      200: ok("Connected: the credential now holds fresh tokens.", oauthConnectedSchema, EXAMPLE_CONNECTED),
      400: problem(
        "invalid_request",
        "A missing, forged, used or expired state, a refusal by the provider, or a code it would not exchange.",
        "state: unknown, already used or expired; start the connection again",
      ),
      409: problem(
        "conflict",
        "The App no longer declares the oauth_config the connection started from.",
        "App tasks declares no oauth_config with an oauth2 credential.",
      ),
      ...UPSTREAM,
    },
  },
  {
    id: "verify-installation",
    method: "POST",
    path: "/api/v1/installations/{installation_id}/verify",
    pathParameters: INSTALLATION_ID_PARAM,
    summary:
      "Call the adapter's /verify again with the organization's stored credentials (an OAuth token expiring within 5 minutes is refreshed first, A6) and record who they belong to.",
    tags: ["installations"],
    security: BEARER,
    responses: {
      200: ok("The adapter accepted the credentials.", installationSchema, EXAMPLE_INSTALLATION),
      401: E[401],
      403: problem(
        "forbidden",
        "A workflow-scoped token cannot verify installations.",
        "A workflow-scoped token cannot register, change or install Apps; use a project-scoped token.",
      ),
      404: problem(
        "not_found",
        "Unknown installation, or another organization's.",
        "No installation inst_x in this organization.",
      ),
      409: problem(
        "conflict",
        "Uninstalled, or an OAuth credential whose grant was revoked (connect it again).",
        "Credential tasks_oauth needs to be connected again: the authorization server revoked its grant (POST /api/v1/oauth/connect).",
      ),
      422: problem(
        "verification_failed",
        "The adapter's /verify refused the credentials.",
        "The adapter refused the credentials: invalid_token",
      ),
      429: E[429],
      ...UPSTREAM,
    },
  },
] as const satisfies readonly EndpointDef[];
