import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followAuthorization } from "./follow-authorization.ts";
import { startTasksStandIn, type TasksStandIn } from "./start-tasks-stand-in.ts";

const REDIRECT = "http://127.0.0.1:9/oauth/callback";
let tasks: TasksStandIn;
let as: oauth.AuthorizationServer;
const client: oauth.Client = { client_id: "tasks-test" };
const insecure = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  tasks = await startTasksStandIn({ clientId: "tasks-test", redirectUris: [REDIRECT], accessTokenTtlSeconds: 60 });
  as = { issuer: tasks.url, authorization_endpoint: tasks.authorizeUrl, token_endpoint: tasks.tokenUrl };
});
afterAll(() => tasks.close());

async function connect(options: { challenge?: boolean } = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(tasks.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "tasks:read tasks:write",
    state: "s-1",
    ...(options.challenge === false
      ? {}
      : { code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }),
  }).toString();
  const callback = await followAuthorization(url.href);
  return { callback, verifier };
}

async function exchange(callback: URL, verifier: string) {
  const auth = oauth.ClientSecretBasic(tasks.credentials.client_secret);
  const params = oauth.validateAuthResponse(as, client, callback, "s-1");
  const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

async function refresh(refreshToken: string) {
  const auth = oauth.ClientSecretBasic(tasks.credentials.client_secret);
  const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, client, response);
}

async function me(accessToken: string) {
  const response = await fetch(`${tasks.url}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("startTasksStandIn", () => {
  it("approves the demo user at once and issues tokens for a code with its PKCE verifier", async () => {
    const { callback, verifier } = await connect();
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    const tokens = await exchange(callback, verifier);
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 60, scope: "tasks:read tasks:write" });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(await me(tokens.access_token)).toMatchObject({ status: 200, body: { user: "demo-user" } });
  });

  it("refuses an authorization request without a PKCE challenge", async () => {
    const { callback } = await connect({ challenge: false });
    expect(callback.searchParams.get("error")).toBe("invalid_request");
  });

  it("refuses a code exchanged with the wrong verifier", async () => {
    const { callback } = await connect();
    await expect(exchange(callback, oauth.generateRandomCodeVerifier())).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("rotates the refresh token on each use, counts the requests, and revokes the grant when one is reused", async () => {
    const { callback, verifier } = await connect();
    const first = await exchange(callback, verifier);
    const before = tasks.tokenRequests("refresh_token");
    const second = await refresh(first.refresh_token as string);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    await expect(refresh(first.refresh_token as string)).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(refresh(second.refresh_token as string)).rejects.toMatchObject({ error: "invalid_grant" });
    expect(tasks.tokenRequests("refresh_token") - before).toBe(3);
  });

  it("revokes every grant on demand: its access token stops working and its refresh token gets invalid_grant", async () => {
    const { callback, verifier } = await connect();
    const tokens = await exchange(callback, verifier);
    expect(await tasks.revokeAll()).toBeGreaterThan(0);
    expect(await me(tokens.access_token)).toMatchObject({ status: 401, body: { error: "invalid_token" } });
    await expect(refresh(tokens.refresh_token as string)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("answers 401 invalid_token to an unknown token and 401 without one", async () => {
    expect(await me("not-a-token")).toMatchObject({ status: 401, body: { error: "invalid_token" } });
    const bare = await fetch(`${tasks.url}/api/me`);
    expect(bare.status).toBe(401);
  });
});
