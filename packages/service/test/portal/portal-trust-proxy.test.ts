import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

/** Signs in with `headers` added and answers the session cookie the portal set. */
async function signInCookie(test: TestService, tenant: Tenant, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${test.url}/developer/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ token: tenant.token }).toString(),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("set-cookie") ?? "";
}

const HTTPS = { "x-forwarded-proto": "https" };

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the portal's cookie behind a TLS-terminating proxy (D352) ${lane.title}`, () => {
    let proxied: TestService;
    let direct: TestService;
    let elsewhere: TestService;
    const tenants = new Map<TestService, Tenant>();

    beforeAll(async () => {
      // The tests' requests come from loopback, so loopback plays the proxy.
      proxied = await startTestService(lane, { healthPolling: false, trustProxy: ["127.0.0.1", "::1"] });
      direct = await startTestService(lane, { healthPolling: false });
      elsewhere = await startTestService(lane, { healthPolling: false, trustProxy: ["10.0.0.7"] });
      for (const test of [proxied, direct, elsewhere]) tenants.set(test, await createTenant(test, "acme"));
    });
    afterAll(async () => {
      await Promise.all([proxied?.close(), direct?.close(), elsewhere?.close()]);
    });

    const cookie = (test: TestService, headers: Record<string, string>) =>
      signInCookie(test, tenants.get(test) as Tenant, headers);

    it("makes the session cookie Secure when a trusted proxy says the browser used https", async () => {
      expect(await cookie(proxied, HTTPS)).toMatch(/; Secure/);
      expect(await cookie(proxied, { "x-forwarded-proto": "http, https" })).toMatch(/; Secure/);
    });

    it("keeps it plain when the trusted proxy says http, or says nothing", async () => {
      expect(await cookie(proxied, { "x-forwarded-proto": "http" })).not.toMatch(/Secure/);
      expect(await cookie(proxied, { "x-forwarded-proto": "https, http" })).not.toMatch(/Secure/);
      expect(await cookie(proxied, {})).not.toMatch(/Secure/);
    });

    it("ignores the header without ADAPTERKIT_TRUST_PROXY, and from a peer it does not list", async () => {
      expect(await cookie(direct, HTTPS)).not.toMatch(/Secure/);
      expect(await cookie(elsewhere, HTTPS)).not.toMatch(/Secure/);
    });
  });
}
