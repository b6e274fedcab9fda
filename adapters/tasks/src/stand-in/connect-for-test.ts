import * as oauth from "oauth4webapi";
import { followAuthorization } from "./follow-authorization.ts";
import type { TasksStandIn } from "./start-tasks-stand-in.ts";

/** Tests of the adapter: runs the code flow against the stand-in as a client would and returns its tokens. */
export async function connectForTest(tasks: TasksStandIn, redirectUri: string): Promise<oauth.TokenEndpointResponse> {
  const as: oauth.AuthorizationServer = { issuer: tasks.url, token_endpoint: tasks.tokenUrl };
  const client: oauth.Client = { client_id: tasks.credentials.client_id };
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(tasks.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "tasks:read",
    state: "test",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  const params = oauth.validateAuthResponse(as, client, await followAuthorization(url.href), "test");
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(tasks.credentials.client_secret),
    params,
    redirectUri,
    verifier,
    { [oauth.allowInsecureRequests]: true },
  );
  return oauth.processAuthorizationCodeResponse(as, client, response);
}
