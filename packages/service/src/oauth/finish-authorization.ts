import type { OAuthConnected } from "@adapterkit/contract";
import * as oauth from "oauth4webapi";
import { withAppTables } from "../apps/app-tables.ts";
import { decryptSecret } from "../auth/secret-box.ts";
import { ORGANIZATION_WIDE } from "../credentials/credential-scope.ts";
import { ServiceError } from "../errors/service-error.ts";
import { authorizationServerOf, tokenFailureProblem, toTokenFailure } from "./authorization-server.ts";
import { oauthAppOf } from "./oauth-app.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { isSignedOAuthState, stateDigest } from "./oauth-state.ts";
import { withOAuthTables } from "./oauth-tables.ts";
import { exchangeCode } from "./request-tokens.ts";
import { type PendingAuthorization, pendingContext } from "./start-authorization.ts";
import { storeTokens } from "./store-tokens.ts";

const invalid = (parameter: string, message: string) =>
  new ServiceError("invalid_request", `${parameter}: ${message}`, { errors: [{ path: `/${parameter}`, message }] });

/** Takes the pending authorization of a state, once: a second callback with it finds nothing (A6). */
async function claimState(context: OAuthContext, state: string | null) {
  if (state === null || state === "") throw invalid("state", "required");
  if (!isSignedOAuthState(context.serviceKey, state)) throw invalid("state", "not a state this service issued");
  const digest = stateDigest(state);
  const row = await withOAuthTables(context.store.db)
    .deleteFrom("oauth_states")
    .where("state_sha256", "=", digest)
    .returningAll()
    .executeTakeFirst();
  if (row === undefined || row.expires_at <= context.now().toISOString()) {
    throw invalid("state", "unknown, already used or expired; start the connection again");
  }
  const pending = JSON.parse(decryptSecret(context.serviceKeys, row.pending_enc, pendingContext(digest)));
  return { row, pending: pending as PendingAuthorization };
}

/**
 * A6: `GET /oauth/callback`: checks the single-use state, exchanges the code (with the PKCE verifier, through the
 * outbound guard) and stores the tokens sealed with their expiry in the oauth2 record of the App's publisher in the
 * project that began the connection (A5).
 */
export async function finishAuthorization(context: OAuthContext, query: URLSearchParams): Promise<OAuthConnected> {
  const { row, pending } = await claimState(context, query.get("state"));
  const refused = query.get("error");
  if (refused !== null) {
    const description = query.get("error_description");
    throw invalid("error", `the authorization server answered ${refused}${description ? ` (${description})` : ""}`);
  }
  if (!query.get("code")) throw invalid("code", "required");
  const app = await withAppTables(context.store.db)
    .selectFrom("apps")
    .selectAll()
    .where("id", "=", row.app_id)
    .executeTakeFirstOrThrow();
  const { config } = await oauthAppOf(context, app, row.app_version, row.credential_key);
  const server = authorizationServerOf(context, config);
  const client: oauth.Client = { client_id: pending.client_id };
  // The manifest names no issuer to compare `iss` with; the state already ties this answer to this App (D131).
  const parameters = new URLSearchParams(query);
  parameters.delete("iss");
  let checked: URLSearchParams;
  try {
    checked = oauth.validateAuthResponse(server.as, client, parameters, oauth.skipStateCheck);
  } catch (error) {
    throw invalid("code", `not a valid authorization response (${(error as Error).message})`);
  }
  let tokens: oauth.TokenEndpointResponse;
  try {
    const client = { client_id: pending.client_id, client_secret: pending.client_secret };
    tokens = await exchangeCode(context, config.token_url, {
      client,
      callback: checked,
      redirectUri: pending.redirect_uri,
      verifier: pending.verifier,
    });
  } catch (error) {
    const failure = toTokenFailure(error);
    if (failure.kind === "refused") throw invalid("code", `the authorization server refused it (${failure.error})`);
    throw tokenFailureProblem(`The token endpoint of App ${app.slug}`, failure);
  }
  const credential = await storeTokens(context, {
    address: {
      organizationId: row.organization_id,
      publisherId: app.organization_id,
      projectId: row.project_id ?? ORGANIZATION_WIDE,
      key: row.credential_key,
    },
    tokenUrl: config.token_url,
    client: { client_id: pending.client_id, client_secret: pending.client_secret },
    tokens,
  });
  return { app: app.slug, credential };
}
