import type { OAuthAuthorization, OAuthConnectRequest } from "@adapterkit/contract";
import * as oauth from "oauth4webapi";
import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import { getVisibleApp, versionFor } from "../apps/find-app.ts";
import type { Principal } from "../auth/principal.ts";
import { encryptSecret } from "../auth/secret-box.ts";
import { type CredentialAddress, managedCredentialScope } from "../credentials/credential-scope.ts";
import { readCredentials } from "../credentials/read-credentials.ts";
import { ServiceError } from "../errors/service-error.ts";
import { authorizationServerOf } from "./authorization-server.ts";
import { buildAuthorizeUrl } from "./build-authorize-url.ts";
import { oauthAppOf } from "./oauth-app.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { createOAuthState } from "./oauth-state.ts";
import { withOAuthTables } from "./oauth-tables.ts";

/** How long a started authorization may take to come back to `/oauth/callback`. */
export const STATE_TTL_MS = 10 * 60_000;

/** What a pending authorization keeps, sealed, until its callback. */
export interface PendingAuthorization {
  readonly verifier: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly redirect_uri: string;
}

/** The context a pending authorization is sealed under, bound to its state. */
export const pendingContext = (digest: string) => `adapterkit:oauth-pending:${digest}`;

async function clientOf(context: OAuthContext, address: CredentialAddress, request: OAuthConnectRequest) {
  const { key } = address;
  if (request.client_id !== undefined && request.client_secret !== undefined) {
    return { client_id: request.client_id, client_secret: request.client_secret };
  }
  const stored = (await readCredentials(context.store.db, context.serviceKeys, address, [key])).get(key);
  const { client_id: id, client_secret: secret } = stored?.fields ?? {};
  if (request.client_id === undefined && id !== undefined && secret !== undefined) {
    return { client_id: id, client_secret: secret };
  }
  const field = request.client_id === undefined ? "client_id" : "client_secret";
  const message = `required (no stored ${key} credential of this App's publisher in this project holds a client to reuse)`;
  throw new ServiceError("invalid_request", `${field}: ${message}`, { errors: [{ path: `/${field}`, message }] });
}

/**
 * A6: starts connecting an account: the authorize URL from the manifest's `oauth_config` with PKCE (S256), a
 * single-use signed `state` and `redirect_uri` = the service's `/oauth/callback`. The verifier and the client
 * (given, or kept from the organization's record, for a reconnect) wait sealed beside the state's digest.
 */
export async function startAuthorization(
  context: OAuthContext,
  principal: Principal,
  request: OAuthConnectRequest,
): Promise<OAuthAuthorization> {
  const organizationId = authorizeAppManagement(principal);
  const app = await getVisibleApp(context.store.db, principal, request.app);
  const version = versionFor(app, organizationId);
  const { config, definition } = await oauthAppOf(context, app, version, request.credential_key);
  authorizationServerOf(context, config);
  const scope = managedCredentialScope(principal, app);
  const client = await clientOf(context, { ...scope, key: definition.key }, request);
  const verifier = oauth.generateRandomCodeVerifier();
  const { state, digest } = createOAuthState(context.serviceKey);
  const redirectUri = `${context.publicUrl().replace(/\/+$/, "")}/oauth/callback`;
  const pending: PendingAuthorization = { verifier, ...client, redirect_uri: redirectUri };
  const now = context.now();
  const expiresAt = new Date(now.getTime() + STATE_TTL_MS).toISOString();
  const db = withOAuthTables(context.store.db);
  await db.deleteFrom("oauth_states").where("expires_at", "<", now.toISOString()).execute();
  await db
    .insertInto("oauth_states")
    .values({
      state_sha256: digest,
      organization_id: organizationId,
      app_id: app.id,
      app_version: version,
      credential_key: definition.key,
      project_id: scope.projectId,
      pending_enc: encryptSecret(context.serviceKeys, JSON.stringify(pending), pendingContext(digest)),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  const authorizeUrl = buildAuthorizeUrl(config, {
    client_id: client.client_id,
    redirect_uri: redirectUri,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
  });
  return {
    authorize_url: authorizeUrl,
    redirect_uri: redirectUri,
    credential_key: definition.key,
    expires_at: expiresAt,
  };
}
