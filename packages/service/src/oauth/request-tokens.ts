import * as oauth from "oauth4webapi";
import type { GroundContext } from "../context/ground-context.ts";
import { authorizationServerOf } from "./authorization-server.ts";

/** The App's OAuth client at its provider. */
export interface OAuthClient {
  readonly client_id: string;
  readonly client_secret: string;
}

type Context = Pick<GroundContext, "outbound">;

/** RFC 6749 4.1.3 with RFC 7636: exchanges a checked callback's code for tokens (oauth4webapi, through the guard). */
export async function exchangeCode(
  context: Context,
  tokenUrl: string,
  input: { client: OAuthClient; callback: URLSearchParams; redirectUri: string; verifier: string },
): Promise<oauth.TokenEndpointResponse> {
  const server = authorizationServerOf(context, { token_url: tokenUrl });
  const client: oauth.Client = { client_id: input.client.client_id };
  const response = await oauth.authorizationCodeGrantRequest(
    server.as,
    client,
    oauth.ClientSecretBasic(input.client.client_secret),
    input.callback,
    input.redirectUri,
    input.verifier,
    server.options,
  );
  return oauth.processAuthorizationCodeResponse(server.as, client, response);
}

/** RFC 6749 6: redeems a refresh token (oauth4webapi, through the guard). */
export async function redeemRefreshToken(
  context: Context,
  tokenUrl: string,
  input: { client: OAuthClient; refreshToken: string },
): Promise<oauth.TokenEndpointResponse> {
  const server = authorizationServerOf(context, { token_url: tokenUrl });
  const client: oauth.Client = { client_id: input.client.client_id };
  const auth = oauth.ClientSecretBasic(input.client.client_secret);
  const response = await oauth.refreshTokenGrantRequest(server.as, client, auth, input.refreshToken, server.options);
  return oauth.processRefreshTokenResponse(server.as, client, response);
}
