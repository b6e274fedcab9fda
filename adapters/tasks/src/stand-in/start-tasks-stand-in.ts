import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenHttp } from "@adapterkit/sdk/testing";
import type Provider from "oidc-provider";
import { createProvider, DEMO_ACCOUNT } from "./create-provider.ts";
import { MemoryAdapter, type MemoryStore } from "./memory-adapter.ts";
import { serveApi } from "./serve-api.ts";

/** Options of {@link startTasksStandIn}. */
export interface TasksStandInOptions {
  /** Port to listen on; default 0: a free one, in the `ADAPTERKIT_STANDIN_PORTS` range when that is set. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** The OAuth client registered for the service; default `adapterkit-tasks` with a random secret. */
  clientId?: string;
  clientSecret?: string;
  /** The service's `{public URL}/oauth/callback` addresses the client may be sent back to. */
  redirectUris?: readonly string[];
  /** Lifetime of an access token, seconds; default 900. */
  accessTokenTtlSeconds?: number;
}

/** A running stand-in of the tasks platform: an OAuth 2 authorization server and the API its tokens open. */
export interface TasksStandIn {
  readonly url: string;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  /** The service's OAuth client at this server: what goes into the installation's oauth2 credential. */
  readonly credentials: { client_id: string; client_secret: string };
  /** Token-endpoint requests so far, all grant types or one (`refresh_token`, `authorization_code`). */
  tokenRequests(grantType?: string): number;
  /** Changes the lifetime of access tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  /** Revokes every grant the demo user gave (and its tokens), as a user disconnecting the App would. */
  revokeAll(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the tasks platform's stand-in: oidc-provider as the authorization server (code + PKCE, rotating refresh
 * tokens), a demo user who approves every request at once (no login page), and `GET /api/me` for the adapter.
 * @example const tasks = await startTasksStandIn({ redirectUris: [`${serviceUrl}/oauth/callback`] });
 */
export async function startTasksStandIn(options: TasksStandInOptions = {}): Promise<TasksStandIn> {
  const grants = new Set<string>();
  let ttlSeconds = options.accessTokenTtlSeconds ?? 1800;
  const store: MemoryStore = new Map();
  const requests: string[] = [];
  let provider: Provider | undefined;
  const listener = await listenHttp((req, res) => {
    if (provider === undefined) return void res.writeHead(503).end();
    void answer(req, res, provider).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "server_error" }));
    });
  }, options);
  const credentials = {
    client_id: options.clientId ?? "adapterkit-tasks",
    client_secret: options.clientSecret ?? randomBytes(24).toString("base64url"),
  };
  provider = createProvider({
    issuer: listener.url,
    clientId: credentials.client_id,
    clientSecret: credentials.client_secret,
    redirectUris: options.redirectUris ?? [],
    accessTokenTtlSeconds: () => ttlSeconds,
    onGrant: (grantId) => grants.add(grantId),
    store,
  });
  provider.on("grant.success", (ctx) => requests.push(String(ctx.oidc.params?.grant_type ?? "")));
  provider.on("grant.error", (ctx) => requests.push(String(ctx.oidc.params?.grant_type ?? "")));
  return {
    url: listener.url,
    authorizeUrl: `${listener.url}/auth`,
    tokenUrl: `${listener.url}/token`,
    credentials,
    tokenRequests: (grantType) => requests.filter((type) => grantType === undefined || type === grantType).length,
    setAccessTokenTtl(seconds) {
      ttlSeconds = seconds;
    },
    async revokeAll() {
      const adapter = new MemoryAdapter(store, "Grant");
      for (const grantId of grants) {
        await adapter.revokeByGrantId(grantId);
        await adapter.destroy(grantId);
      }
      const revoked = grants.size;
      grants.clear();
      return revoked;
    },
    close: listener.close,
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, provider: Provider): Promise<void> {
  const path = new URL(req.url ?? "/", "http://stand-in").pathname;
  if (req.method === "GET" && path.startsWith("/interaction/")) {
    // The demo user signs in at once; consent follows from loadExistingGrant.
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: DEMO_ACCOUNT } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (path.startsWith("/api/")) return serveApi(req, res, provider);
  provider.callback()(req, res);
}
