import { generateKeyPairSync, randomBytes } from "node:crypto";
import Provider, { type Configuration } from "oidc-provider";
import { MemoryAdapter, type MemoryStore } from "./memory-adapter.ts";

/** The one account the stand-in knows; every authorization is approved for it. */
export const DEMO_ACCOUNT = "demo-user";

/** The scopes the stand-in grants. */
export const TASKS_SCOPES = ["tasks:read", "tasks:write"] as const;

/** How the stand-in's provider is set up. */
export interface ProviderSetup {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
  /** Lifetime of the next access token, seconds; read at each issue, so a test can shorten it. */
  readonly accessTokenTtlSeconds: () => number;
  /** Called with each grant the demo user approves, so the stand-in can revoke it later. */
  readonly onGrant: (grantId: string) => void;
  /** Where the provider keeps its records. */
  readonly store: MemoryStore;
}

/**
 * A real OAuth 2 authorization server (oidc-provider): authorization code with PKCE S256 required, refresh tokens
 * on every code exchange, rotated on every use (a reused one revokes the grant), RFC 7009 revocation.
 */
export function createProvider(setup: ProviderSetup): Provider {
  const { store } = setup;
  const signingKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
  const configuration: Configuration = {
    adapter: (name) => new MemoryAdapter(store, name),
    clients: [
      {
        client_id: setup.clientId,
        client_secret: setup.clientSecret,
        redirect_uris: [...setup.redirectUris],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        id_token_signed_response_alg: "ES256",
      },
    ],
    scopes: [...TASKS_SCOPES],
    responseTypes: ["code"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    ttl: {
      AccessToken: () => setup.accessTokenTtlSeconds(),
      AuthorizationCode: 60,
      Grant: 30 * 86_400,
      Interaction: 600,
      RefreshToken: 30 * 86_400,
      Session: 86_400,
    },
    rotateRefreshToken: true,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // Consent is given on the demo user's behalf: a grant of exactly the scopes asked for.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (accountId === undefined || client === undefined) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      const scope = typeof ctx.oidc.params?.scope === "string" ? ctx.oidc.params.scope : "";
      if (scope !== "") grant.addOIDCScope(scope);
      const grantId = await grant.save();
      setup.onGrant(grantId);
      return grant;
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    jwks: { keys: [{ ...signingKey, kid: "stand-in", alg: "ES256", use: "sig" }] },
    // An error the provider cannot send back to the client (a bad redirect_uri) is shown as JSON, not a page.
    renderError: (ctx, out) => {
      ctx.type = "json";
      ctx.body = out;
    },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
  };
  return new Provider(setup.issuer, configuration);
}
