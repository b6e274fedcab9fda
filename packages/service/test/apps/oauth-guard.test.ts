import type { lookup as dnsLookup } from "node:dns";
import { oauthAuthorizationSchema } from "@adapterkit/contract";
import { type AdapterServer, defineAdapter, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type TestService } from "../helpers/test-service.ts";

/** Resolves every name to 10.0.0.7 without asking DNS, and remembers what it was asked. */
function privateLookup(asked: string[]): typeof dnsLookup {
  return ((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    asked.push(hostname);
    if ((options as { all?: boolean }).all) callback(null, [{ address: "10.0.0.7", family: 4 }]);
    else callback(null, "10.0.0.7", 4);
  }) as unknown as typeof dnsLookup;
}

async function serveOAuthApp(slug: string, authorize: string, token: string): Promise<AdapterServer> {
  const adapter = defineAdapter({
    manifest: {
      schema_version: "1.0",
      name: slug,
      slug,
      credentials: [{ key: `${slug}_oauth`, type: "oauth2" }],
      oauth_config: { authorize_url: authorize, token_url: token, scopes: ["read"] },
    },
    verify: () => ({ ok: true, user: "u" }),
  });
  return serve(adapter, { port: 0, host: "127.0.0.1", handleSignals: false, logger: pino({ level: "silent" }) });
}

const lane = STORE_LANES[0];

describe.skipIf(lane?.skip ?? true)("OAuth endpoints behind the outbound guard (A6, A15)", () => {
  const asked: string[] = [];
  const adapters: AdapterServer[] = [];
  let test: TestService;
  let token: string;

  beforeAll(async () => {
    if (lane === undefined) throw new Error("no lane");
    test = await startTestService(lane, {
      lookup: privateLookup(asked),
      allowedHosts: ["127.0.0.1"],
      healthPolling: false,
      oauthRefresher: false,
    });
    token = (await createTenant(test, "acme")).token;
    const apps = [
      ["by-name", "https://auth.example/authorize", "https://auth.example/token"],
      ["private-ip", "https://auth.example/authorize", "https://10.1.2.3/token"],
      ["plain-http", "http://auth.example/authorize", "http://auth.example/token"],
    ] as const;
    for (const [slug, authorize, tokenUrl] of apps) {
      const server = await serveOAuthApp(slug, authorize, tokenUrl);
      adapters.push(server);
      const registered = await test.call("/api/v1/apps", {
        token,
        json: { base_url: server.url.replace("localhost", "127.0.0.1") },
      });
      expect(registered.status).toBe(201);
    }
  });
  afterAll(async () => {
    await test?.close();
    for (const server of adapters) await server.close();
  });

  const connect = (app: string) =>
    test.call("/api/v1/oauth/connect", { token, json: { app, client_id: "c", client_secret: "s" } });

  it("refuses to start with a token URL at a private address, or over plain http to a host that is not loopback", async () => {
    const privateIp = await readProblem(await connect("private-ip"));
    expect(privateIp).toMatchObject({ status: 409, code: "conflict" });
    expect(privateIp.detail).toContain("oauth_config.token_url is refused");
    const plain = await readProblem(await connect("plain-http"));
    expect(plain).toMatchObject({
      status: 409,
      detail: "The App's oauth_config.token_url must be https (http only for loopback hosts).",
    });
  });

  it("exchanges the code through the guard's dispatcher: a token endpoint whose name resolves privately is refused at connect time", async () => {
    const started = await connect("by-name");
    expect(started.status).toBe(200);
    const { authorize_url: authorizeUrl, redirect_uri: redirectUri } = oauthAuthorizationSchema.parse(
      await started.json(),
    );
    const state = new URL(authorizeUrl).searchParams.get("state") ?? "";
    const callback = `${redirectUri}?${new URLSearchParams({ state, code: "a-code" })}`;
    const problem = await readProblem(await fetch(callback));
    expect(problem).toMatchObject({ status: 502, code: "adapter_failed" });
    expect(problem.detail).toContain("ADAPTERKIT_ALLOWED_HOSTS");
    expect(asked).toContain("auth.example");
  });
});
