import { type CredentialDefinition, installationSchema } from "@adapterkit/contract";
import { type AdapterServer, defineAdapter, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantReview } from "../helpers/plant-review.ts";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";
import { HOSTILE, HOSTILE_MANIFEST } from "./hostile-adapter.ts";

const ADMIN = "admin-token-for-portal-release-0123456789";
const PASSED = { summary: { total: 2, passed: 2, failed: 0 } };

/** The hostile App at a version: 2 requires one more credential, whose key is markup too; 3 changes only its text. */
function serveHostile(version: 1 | 2 | 3, port = 0): Promise<AdapterServer> {
  const credentials: CredentialDefinition[] = [...(HOSTILE_MANIFEST.credentials ?? [])];
  if (version === 2) credentials.push({ key: `extra${HOSTILE}`, type: "api_key", label: HOSTILE });
  const manifest = { ...HOSTILE_MANIFEST, description: `${HOSTILE} v${version}`, credentials };
  const adapter = defineAdapter({ manifest, verify: async () => ({ ok: true, user: HOSTILE }) });
  return serve(adapter, {
    port,
    host: "127.0.0.1",
    handleSignals: false,
    shutdownTimeoutMs: 100,
    logger: pino({ level: "silent" }),
  });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`portal: Publish, move installations, move back (D450–D455) ${lane.title}`, () => {
    let test: TestService;
    let author: Tenant;
    let adapter: AdapterServer;
    let installation: string;

    const signedIn = async () => {
      const client = new PortalBrowser(test.url);
      await client.signIn(author.token);
      return client;
    };
    const api = (path: string, json?: unknown) => test.call(path, { token: author.token, json, method: "POST" });
    const installed = async () =>
      installationSchema.parse(
        await (await test.call(`/api/v1/installations/${installation}`, { token: author.token })).json(),
      );
    const published = async () =>
      (
        (await (await test.call("/api/v1/apps/hostile", { token: author.token })).json()) as {
          published_version: number;
        }
      ).published_version;
    /** The App page a start of an upgrade redirected to, once its job ended (the worker runs it in the background). */
    const jobPage = async (client: PortalBrowser, location: string) => {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const shown = await client.get(location);
        expect(shown.status).toBe(200);
        if (!/: (queued|running)[^<]*<\/h4>/.test(shown.html.split('id="upgrade-jobs-heading"')[1] ?? "")) {
          return shown.html;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("the upgrade job did not end within 10 s");
    };
    /** A new manifest on the same port, Refresh, and a passed review of it planted as the runner leaves one. */
    const approve = async (version: 2 | 3) => {
      const { port } = adapter;
      await adapter.close();
      adapter = await serveHostile(version, port);
      expect((await api("/api/v1/apps/hostile/refresh")).status).toBe(200);
      await plantReview(test.service, "hostile", PASSED, "passed");
    };

    beforeAll(async () => {
      adapter = await serveHostile(1);
      test = await startTestService(lane, { adminToken: ADMIN, healthPolling: false });
      author = await createTenant(test, "acme");
      const url = adapter.url.replace("localhost", "127.0.0.1");
      expect((await api("/api/v1/apps", { base_url: url })).status).toBe(201);
      expect((await api("/api/v1/apps/hostile/submit")).status).toBe(202);
      expect((await api("/api/v1/admin/apps/hostile/review", undefined)).status).toBe(401);
      const reviewed = await test.call("/api/v1/admin/apps/hostile/review", { token: ADMIN, json: { passed: true } });
      expect(reviewed.status).toBe(200);
      const response = await api("/api/v1/installations", { app: "hostile", credentials: { [`key${HOSTILE}`]: "t" } });
      expect(response.status, await response.clone().text()).toBe(201);
      installation = installationSchema.parse(await response.json()).id;
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    it("says why Publish and the moves are disabled while nothing is approved or older", async () => {
      const page = (await (await signedIn()).get("/developer/apps/hostile")).html;
      expect(page).toContain('<button type="submit" disabled aria-describedby="publish-reason">Publish</button>');
      expect(page).toContain('id="publish-reason">Version 1 is published and nothing newer has passed a review.');
      expect(page).toContain('id="upgrade-reason">Every installation is on version 1 or newer already.');
      expect(page).toContain('id="move-back-reason">No installation was moved to version 1 by an upgrade.');
    });

    it("publishes an approved version only on a post with the session's CSRF token", async () => {
      await approve(2);
      const client = await signedIn();
      const page = (await client.get("/developer/apps/hostile")).html;
      expect(page).toMatch(/<tr id="version-2">\s*<td>2<\/td>\s*<td><span class="badge state-approved">approved/);
      expect(page).toContain('<button type="submit">Publish version 2</button>');
      expect((await client.post("/developer/apps/hostile/publish", { version: "2" }, null)).status).toBe(403);
      expect((await client.post("/developer/apps/hostile/publish", { version: "2" }, "forged")).status).toBe(403);
      expect(await published()).toBe(1);
      const done = await client.post("/developer/apps/hostile/publish", { version: "2" });
      expect(done.status).toBe(200);
      expect(done.html).toContain("Version 2 is published: new installations get it.");
      expect(await published()).toBe(2);
      expect((await client.post("/developer/apps/hostile/publish", { version: "2" })).status).toBe(409);
    });

    it("moves installations after a confirmation, refusing forged posts, and marks one lacking a credential, escaped", async () => {
      const client = await signedIn();
      const page = (await client.get("/developer/apps/hostile")).html;
      expect(page).toContain('<label for="share_all">All 1</label>');
      const form = { share: "all", amount: "" };
      expect((await client.post("/developer/apps/hostile/installations/upgrade", form, null)).status).toBe(403);
      const invalid = await client.post("/developer/apps/hostile/installations/upgrade", {
        share: "percent",
        amount: "0",
      });
      expect(invalid.status).toBe(400);
      expect(invalid.html).toContain('id="upgrade_amount-error">Give a whole percentage from 1 to 100');
      expect(invalid.html).toContain('aria-invalid="true" aria-describedby="upgrade_amount-error"');
      const asked = await client.post("/developer/apps/hostile/installations/upgrade", form);
      expect(asked.status).toBe(200);
      expect(asked.html).toContain("<h1>Move every installation on an older version to version 2?</h1>");
      expect(asked.html).toContain('<input type="hidden" name="share" value="all">');
      expect((await installed()).app_version).toBe(1);
      const forged = await client.post(
        "/developer/apps/hostile/installations/upgrade",
        { ...form, confirm: "yes" },
        null,
      );
      expect(forged.status).toBe(403);
      const started = await client.post("/developer/apps/hostile/installations/upgrade", { ...form, confirm: "yes" });
      expect(started.status).toBe(303);
      expect(started.location).toMatch(/^\/developer\/apps\/hostile\?upgrade=\d+#upgrade-jobs-heading$/);
      const finished = await jobPage(client, started.location ?? "");
      expect(finished).toContain("to version 2: done</h4>");
      expect(finished).toContain("1 of 1 handled: 0 moved, 1 marked action needed, 0 kept where they were.");
      // The author's own installation links to its page; the reason is escaped like every value.
      expect(finished).toContain(`<a href="/marketplace/installations/${installation}">${installation}</a>`);
      expect(finished).toContain("<td>marked action needed</td>");
      expect(finished).not.toContain("<script>alert(1)");
      expect((await installed()).action_needed?.missing_credentials).toEqual([`extra${HOSTILE}`]);
      const detail = (await client.get(`/marketplace/installations/${installation}`)).html;
      expect(detail).toContain('<span class="badge state-action-needed">action needed</span> stays on version 1');
      expect(detail).toContain("extra&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;");
      expect(detail).not.toContain("<script>alert(1)");
    });

    it("moves it once the version no longer needs the credential, shows where it came from, and moves it back", async () => {
      await approve(3);
      const client = await signedIn();
      await client.get("/developer/apps/hostile");
      expect((await client.post("/developer/apps/hostile/publish", { version: "3" })).status).toBe(200);
      const form = { share: "count", amount: "1", confirm: "yes" };
      const moved = await client.post("/developer/apps/hostile/installations/upgrade", form);
      expect(moved.status).toBe(303);
      expect(await jobPage(client, moved.location ?? "")).toContain("1 of 1 handled: 1 moved, 0 marked action needed");
      expect(await installed()).toMatchObject({ app_version: 3, previous_version: 1, action_needed: null });
      const detail = (await client.get(`/marketplace/installations/${installation}`)).html;
      expect(detail).toContain("3 (the App's published version is 3); moved from version 1 by the App's author");
      const page = (await client.get("/developer/apps/hostile")).html;
      expect(page).toContain('<button type="submit" class="danger">Move them back</button>');
      expect(
        (await client.post("/developer/apps/hostile/installations/move-back", { confirm: "yes" }, null)).status,
      ).toBe(403);
      const asked = await client.post("/developer/apps/hostile/installations/move-back");
      expect(asked.html).toContain("<h1>Move the installations moved to version 3 back?</h1>");
      expect((await installed()).app_version).toBe(3);
      const back = await client.post("/developer/apps/hostile/installations/move-back", { confirm: "yes" });
      expect(back.html).toContain("Moved 1 installation(s) back from version 3.");
      expect(await installed()).toMatchObject({ app_version: 1, previous_version: null });
    });

    it("keeps another organization off the release forms", async () => {
      const stranger = new PortalBrowser(test.url);
      await stranger.signIn((await createTenant(test, "globex")).token);
      expect((await stranger.post("/developer/apps/hostile/publish", { version: "3" })).status).toBe(404);
      const form = { share: "all", confirm: "yes" };
      expect((await stranger.post("/developer/apps/hostile/installations/upgrade", form)).status).toBe(404);
      expect((await stranger.post("/developer/apps/hostile/installations/move-back", { confirm: "yes" })).status).toBe(
        404,
      );
    });
  });
}
