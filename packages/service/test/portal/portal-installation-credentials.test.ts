import { type CredentialDefinition, installationSchema } from "@adapterkit/contract";
import { type AdapterServer, defineAdapter, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";
import { upgradeAndWait } from "../helpers/upgrade-job.ts";
import { HOSTILE, HOSTILE_MANIFEST } from "./hostile-adapter.ts";

const ADMIN = "admin-token-for-portal-credentials-0123";
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;";

/** The hostile App; version 2 requires one more credential, its key and label markup too. Its /verify refuses "bad". */
function serveHostile(version: 1 | 2, port = 0): Promise<AdapterServer> {
  const credentials: CredentialDefinition[] = [...(HOSTILE_MANIFEST.credentials ?? [])];
  if (version === 2) credentials.push({ key: `extra${HOSTILE}`, type: "api_key", label: HOSTILE });
  const manifest = { ...HOSTILE_MANIFEST, description: `${HOSTILE} v${version}`, credentials };
  const adapter = defineAdapter({
    manifest,
    verify: async ({ credentials: given }) =>
      Object.values(given).includes("bad") ? { ok: false, error: HOSTILE } : { ok: true, user: `v${version}` },
  });
  return serve(adapter, {
    port,
    host: "127.0.0.1",
    handleSignals: false,
    shutdownTimeoutMs: 100,
    logger: pino({ level: "silent" }),
  });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`portal: an installation's credentials changed in place (D560) ${lane.title}`, () => {
    let test: TestService;
    let author: Tenant;
    let installer: Tenant;
    let stranger: Tenant;
    let adapter: AdapterServer;
    let id: string;
    let inboundUrl: string;

    const post = (path: string, token: string, json?: unknown) => test.call(path, { token, json, method: "POST" });
    const installed = async () =>
      installationSchema.parse(
        await (await test.call(`/api/v1/installations/${id}`, { token: installer.token })).json(),
      );
    const signedIn = async (tenant: Tenant) => {
      const client = new PortalBrowser(test.url);
      await client.signIn(tenant.token);
      return client;
    };
    const publish = async () => {
      expect((await post("/api/v1/apps/hostile/submit", author.token)).status).toBe(202);
      const reviewed = await test.call("/api/v1/admin/apps/hostile/review", { token: ADMIN, json: { passed: true } });
      expect(reviewed.status).toBe(200);
    };
    const path = () => `/marketplace/installations/${id}`;
    // Positional input names (D560's form is built like the install form): key first, the added credential second.
    const form = (extra: string) => ({ cred_0_0: "", cred_1_0: extra });

    beforeAll(async () => {
      adapter = await serveHostile(1);
      test = await startTestService(lane, { adminToken: ADMIN, healthPolling: false });
      author = await createTenant(test, "acme");
      installer = await createTenant(test, "beta");
      stranger = await createTenant(test, "gamma");
      const url = adapter.url.replace("localhost", "127.0.0.1");
      expect((await post("/api/v1/apps", author.token, { base_url: url })).status).toBe(201);
      await publish();
      const body = { app: "hostile", credentials: { [`key${HOSTILE}`]: "t" } };
      const response = await post("/api/v1/installations", installer.token, body);
      expect(response.status, await response.clone().text()).toBe(201);
      ({ id, inbound_url: inboundUrl } = installationSchema.parse(await response.json()));
      const { port } = adapter;
      await adapter.close();
      adapter = await serveHostile(2, port);
      expect((await post("/api/v1/apps/hostile/refresh", author.token)).status).toBe(200);
      await publish();
      const moved = await upgradeAndWait(test, author.token, "hostile");
      expect(moved).toMatchObject({ state: "done", counts: { moved: 0, action_needed: 1 } });
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    it("shows the form with the manifest's labels and help, escaped, a stored key kept when left blank", async () => {
      const page = (await (await signedIn(installer)).get(path())).html;
      expect(page).toContain('<a href="#credentials-heading">Give the credentials</a>');
      expect(page).toContain("<legend>Credentials version 2 declares</legend>");
      expect(page).toContain(`<label for="cred-0-0">${ESCAPED} (blank keeps the stored value)</label>`);
      expect(page).toMatch(/<input id="cred-1-0" name="cred_1_0" type="password" autocomplete="off" required/);
      expect(page).toContain(`Credential extra${ESCAPED} (API key)`);
      expect(page).not.toContain("<script>alert(1)");
    });

    it("refuses forged posts and answers another organization with 404", async () => {
      const client = await signedIn(installer);
      expect((await client.post(`${path()}/credentials`, form("good"), null)).status).toBe(403);
      expect((await client.post(`${path()}/credentials`, form("good"), "forged")).status).toBe(403);
      const other = await signedIn(stranger);
      expect((await other.get(path())).status).toBe(404);
      expect((await other.post(`${path()}/credentials`, form("good"))).status).toBe(404);
      expect(await installed()).toMatchObject({ app_version: 1, action_needed: { version: 2 } });
    });

    it("shows a refusal beside the form, escaped, and keeps the installation where it was", async () => {
      const client = await signedIn(installer);
      const missing = await client.post(`${path()}/credentials`, form(""));
      expect(missing.status).toBe(400);
      expect(missing.html).toContain('aria-invalid="true"');
      const refused = await client.post(`${path()}/credentials`, form("bad"));
      expect(refused.status).toBe(422);
      expect(refused.html).toContain(`The adapter&#x27;s /verify refused extra${ESCAPED}: ${ESCAPED}`);
      expect(refused.html).not.toContain("<script>alert(1)");
      expect(await installed()).toMatchObject({ app_version: 1, action_needed: { version: 2 } });
    });

    it("moves the installation once the credential is accepted, same id and inbound URL", async () => {
      const client = await signedIn(installer);
      const saved = await client.post(`${path()}/credentials`, form("good"));
      expect(saved.status).toBe(303);
      expect(saved.location).toBe(`${path()}?credentials=moved-2#credentials-heading`);
      const page = (await client.get(`${path()}?credentials=moved-2`)).html;
      expect(page).toContain("the installation moved to version 2.");
      const now = await installed();
      expect(now).toMatchObject({
        id,
        inbound_url: inboundUrl,
        app_version: 2,
        previous_version: 1,
        verified_user: "v2",
      });
      expect(now.action_needed).toBeNull();
    });
  });
}
