import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";

/**
 * The platform API the tasks adapter calls: `GET /api/me` answers who the bearer token belongs to, and 401
 * `invalid_token` for a token that is unknown, expired or whose grant was revoked.
 */
export async function serveApi(req: IncomingMessage, res: ServerResponse, provider: Provider): Promise<void> {
  const path = new URL(req.url ?? "/", "http://stand-in").pathname;
  if (req.method !== "GET" || path !== "/api/me") return send(res, 404, { error: "not_found" });
  const value = /^Bearer ([\w.~+/-]+=*)$/.exec(req.headers.authorization ?? "")?.[1];
  if (value === undefined) return send(res, 401, { error: "invalid_request", error_description: "no bearer token" });
  const token = await provider.AccessToken.find(value);
  const grant = token?.grantId === undefined ? undefined : await provider.Grant.find(token.grantId);
  if (token === undefined || grant === undefined || token.isExpired) {
    return send(res, 401, { error: "invalid_token", error_description: "the access token is expired or revoked" });
  }
  send(res, 200, { user: token.accountId, scope: token.scope ?? "", expires_at: token.exp });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (status === 401) headers["www-authenticate"] = 'Bearer error="invalid_token"';
  res.writeHead(status, headers).end(JSON.stringify(body));
}
