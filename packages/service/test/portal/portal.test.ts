import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollAppHealth } from "../../src/adapters/poll-app-health.ts";
import { findAppBySlug } from "../../src/apps/find-app.ts";
import { insertInstallation } from "../../src/installations/installation-store.ts";
import { matchPortalPath } from "../../src/portal/match-portal-path.ts";
import { PORTAL_ROUTES } from "../../src/portal/portal-routes.ts";
import { findSession, SESSION_TTL_MS } from "../../src/portal/portal-session.ts";
import { withPortalTables } from "../../src/portal/portal-tables.ts";
import { startBrokenAdapter, WEBHOOK_FIXTURES_TEXT } from "../helpers/broken-adapter.ts";
import { plantReview } from "../helpers/plant-review.ts";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  startTestService,
  type Tenant,
  type TestService,
} from "../helpers/test-service.ts";
import { HOSTILE, startHostileAdapter } from "./hostile-adapter.ts";

const ADMIN = "admin-token-for-portal-tests-0123456789";

/** Every form of a page posts to a portal route that exists. */
function expectFormsRouted(path: string, html: string): number {
  let forms = 0;
  for (const [, action] of html.matchAll(/<form method="post" action="([^"]+)"/g)) {
    const target = (action ?? "").replaceAll("&#x3D;", "=");
    const routed = PORTAL_ROUTES.some((route) => route.method === "POST" && matchPortalPath(route.pattern, target));
    expect(routed, `${path}: form action ${target}`).toBe(true);
    forms += 1;
  }
  return forms;
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the developer portal (A14) ${lane.title}`, () => {
    let test: TestService;
    let author: Tenant;
    let other: Tenant;
    let recorder: RecordingAdapter;
    let hostile: Awaited<ReturnType<typeof startHostileAdapter>>;

    const browser = () => new PortalBrowser(test.url);
    const signedIn = async (tenant: Tenant) => {
      const client = browser();
      await client.signIn(tenant.token);
      return client;
    };

    beforeAll(async () => {
      recorder = await startRecordingAdapter();
      hostile = await startHostileAdapter();
      test = await startTestService(lane, { adminToken: ADMIN, healthPolling: false });
      author = await createTenant(test, "acme");
      other = await createTenant(test, "globex");
      const api = (path: string, token: string, json?: unknown) => test.call(path, { token, json, method: "POST" });
      for (const url of [recorder.url, hostile.baseUrl]) {
        expect((await api("/api/v1/apps", author.token, { base_url: url })).status).toBe(201);
      }
      // The hostile App is published through the API, so the marketplace shows it too.
      expect((await api("/api/v1/apps/hostile/submit", author.token)).status).toBe(202);
      expect((await api("/api/v1/admin/apps/hostile/review", ADMIN, { passed: true })).status).toBe(200);
    });
    afterAll(async () => {
      await test?.close();
      await Promise.all([recorder?.close(), hostile?.close()]);
    });

    it("redirects every page to sign-in when not signed in, keeping where it was going", async () => {
      for (const path of ["/developer/apps", "/developer/new-app", "/developer/apps/recorder", "/marketplace"]) {
        const answer = await browser().get(path);
        expect(answer.status).toBe(303);
        expect(answer.location).toBe(`/developer/sign-in?next=${encodeURIComponent(path)}`);
      }
    });

    it("signs in with an API token into an HttpOnly, SameSite=Strict session, and out again", async () => {
      const client = browser();
      const answer = await client.post("/developer/sign-in", { token: author.token, next: "/marketplace" }, null);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/marketplace");
      const cookie = answer.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
      expect((await client.get("/developer/apps")).status).toBe(200);
      expect((await client.post("/developer/sign-out")).status).toBe(303);
      expect((await client.get("/developer/apps")).status).toBe(303);
    });

    it("lets a session lapse after its twelve hours", async () => {
      const client = await signedIn(author);
      const id = client.cookie?.split("=")[1];
      const db = test.service.store.db;
      expect(await findSession(db, id, new Date())).toBeDefined();
      expect(await findSession(db, id, new Date(Date.now() + SESSION_TTL_MS + 1000))).toBeUndefined();
      const other = `${id?.slice(0, -1)}${id?.endsWith("A") ? "B" : "A"}`;
      expect(await findSession(db, other, new Date())).toBeUndefined();
    });

    it("refuses a workflow-scoped token at sign-in, saying the portal needs a project-scoped one", async () => {
      const workflow = await createWorkflow(test, author.token);
      const scoped = await test.service.createToken({ organization: "acme", workflow: workflow.id });
      const answer = await browser().post("/developer/sign-in", { token: scoped.token }, null);
      expect(answer.status).toBe(403);
      expect(answer.html).toContain('id="token-error"');
      expect(answer.html).toContain("sign in with a project-scoped token");
      expect(answer.headers.get("set-cookie")).toBeNull();
      const sessions = await withPortalTables(test.service.store.db)
        .selectFrom("portal_sessions")
        .select("token_id")
        .where("token_id", "=", scoped.id)
        .execute();
      expect(sessions).toEqual([]);
    });

    it("refuses a wrong token at sign-in with the error beside the field", async () => {
      const answer = await browser().post("/developer/sign-in", { token: "not-a-token" }, null);
      expect(answer.status).toBe(401);
      expect(answer.html).toContain('id="token-error"');
      expect(answer.headers.get("set-cookie")).toBeNull();
    });

    it("refuses a form sent from another site, sign-in included", async () => {
      const response = await fetch(`${test.url}/developer/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        body: new URLSearchParams({ token: author.token }).toString(),
        redirect: "manual",
      });
      expect(response.status).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
      const opaque = await fetch(`${test.url}/developer/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
        body: new URLSearchParams({ token: author.token }).toString(),
        redirect: "manual",
      });
      expect(opaque.status).toBe(403);
      const same = await fetch(`${test.url}/developer/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: test.url },
        body: new URLSearchParams({ token: author.token }).toString(),
        redirect: "manual",
      });
      expect(same.status).toBe(303);
    });

    it("ends the session when its API token is revoked", async () => {
      const created = await test.service.createToken({ organization: "acme", project: "main" });
      const client = browser();
      await client.signIn(created.token);
      expect((await client.get("/developer/apps")).status).toBe(200);
      const revoke = await test.call(`/api/v1/admin/tokens/${created.id}`, { token: ADMIN, method: "DELETE" });
      expect(revoke.status).toBeLessThan(300);
      expect((await client.get("/developer/apps")).status).toBe(303);
    });

    it("answers 200 on every page for a signed-in author, with one h1 and security headers", async () => {
      const client = await signedIn(author);
      for (const path of [
        "/developer/apps",
        "/developer/new-app",
        "/developer/apps/recorder",
        "/marketplace",
        "/marketplace/apps/hostile",
      ]) {
        const answer = await client.get(path);
        expect(answer.status, path).toBe(200);
        expect(answer.html.match(/<h1>/g)?.length, path).toBe(1);
        expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(answer.headers.get("content-security-policy")).toContain("script-src 'none'");
        expect(answer.headers.get("content-security-policy")).toContain("form-action 'self';");
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
        expect(answer.headers.get("x-frame-options")).toBe("DENY");
        expect(answer.headers.get("referrer-policy")).toBe("same-origin");
        expectFormsRouted(path, answer.html);
      }
    });

    it("refuses a form post without a CSRF token, or with another session's, and changes nothing", async () => {
      const client = await signedIn(author);
      const otherSession = await signedIn(author);
      const before = await test.call("/api/v1/apps/recorder/signing-secret", { token: author.token });
      const secret = ((await before.json()) as { secret: string }).secret;
      const rotate = "/developer/apps/recorder/signing-secret/rotate";
      const missing = await client.post(rotate, {}, null);
      expect(missing.status).toBe(403);
      const forged = await client.post(rotate, {}, otherSession.csrf ?? "");
      expect(forged.status).toBe(403);
      expect(otherSession.csrf).not.toBe(client.csrf);
      const after = await test.call("/api/v1/apps/recorder/signing-secret", { token: author.token });
      expect(((await after.json()) as { secret: string }).secret).toBe(secret);
      const signedOut = await browser().post(rotate, {}, client.csrf ?? "");
      expect(signedOut.status).toBe(403);
    });

    it("rotates the signing secret with the session's token, showing the new one once", async () => {
      const client = await signedIn(author);
      // D385: the first post asks for confirmation and rotates nothing; the confirmed one rotates.
      const before = await test.call("/api/v1/apps/recorder/signing-secret", { token: author.token });
      const asked = await client.post("/developer/apps/recorder/signing-secret/rotate");
      expect(asked.status).toBe(200);
      expect(asked.html).toContain("<h1>Rotate the signing secret of Recorder?</h1>");
      expect(asked.html).toContain('<input type="hidden" name="confirm" value="yes">');
      expect(asked.html).not.toContain('<code class="secret">');
      const unchanged = await test.call("/api/v1/apps/recorder/signing-secret", { token: author.token });
      expect(await unchanged.json()).toEqual(await before.json());
      const rotated = await client.post("/developer/apps/recorder/signing-secret/rotate", { confirm: "yes" });
      expect(rotated.status).toBe(200);
      const shown = /<code class="secret">(whsec_[^<]+)<\/code>/.exec(rotated.html)?.[1]?.replaceAll("&#x3D;", "=");
      const current = await test.call("/api/v1/apps/recorder/signing-secret", { token: author.token });
      expect(shown).toBe(((await current.json()) as { secret: string }).secret);
      expect((await client.get("/developer/apps/recorder")).html).not.toContain(shown ?? "?");
    });

    it("answers 404 for another organization's App by slug, and lists only the organization's own", async () => {
      const client = await signedIn(other);
      expect((await client.get("/developer/apps/recorder")).status).toBe(404);
      expect((await client.post("/developer/apps/recorder/refresh")).status).toBe(404);
      expect((await client.get("/developer/apps")).html).not.toContain("/developer/apps/recorder");
      expect((await client.get("/marketplace/apps/recorder")).status).toBe(404);
    });

    it("previews a base URL, then creates the draft; a bad URL is shown beside its field", async () => {
      const client = await signedIn(other);
      const bad = await client.post("/developer/new-app", { base_url: "ftp://nope" });
      expect(bad.status).toBe(400);
      expect(bad.html).toContain('id="base_url-error"');
      const fresh = await startRecordingAdapter();
      try {
        // The slug recorder is taken on the instance: the preview says so and Create draft is disabled.
        const preview = await client.post("/developer/new-app", { base_url: fresh.url });
        expect(preview.status).toBe(200);
        expect(preview.html).toContain("Preview of Recorder");
        expect(preview.html).toContain("is taken on this instance");
        const taken = await client.post("/developer/apps", { base_url: fresh.url });
        expect(taken.status).toBe(422);
      } finally {
        await fresh.close();
      }
    });

    it("shows every field a broken manifest gets wrong on New App, and creates nothing", async () => {
      const manifest = {
        schema_version: "1.0",
        name: 5,
        category: "chat",
        slug: "bad-manifest",
        capabilities: "send",
        homepage: "javascript:alert(document.cookie)",
        author: { name: "Mallory", url: "javascript:alert(1)" },
      };
      const server = createServer((request, response) => {
        const body = request.url?.endsWith("/manifest.json")
          ? manifest
          : { status: "ready", version: "1", adapter: "bad-manifest" };
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const client = await signedIn(other);
        const answer = await client.post("/developer/new-app", { base_url: `http://127.0.0.1:${port}/bad-manifest` });
        expect(answer.status).toBe(422);
        expect(answer.html).toContain("What the manifest gets wrong");
        for (const field of ["/name", "/category", "/capabilities", "/homepage", "/author/url"])
          expect(answer.html).toContain(`<code>${field}</code>`);
        // D350: a URL that is not http(s) is a problem, and never a link.
        expect(answer.html).not.toMatch(/href="javascript/i);
        expect((await client.get("/developer/apps")).html).not.toContain("bad-manifest");
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it("verifies credentials from the manifest's form: the adapter's error for bad ones, ok for good ones", async () => {
      const client = await signedIn(author);
      const page = await client.get("/developer/apps/recorder");
      expect(page.html).toContain('<label for="cred-0-0">recorder_token</label>');
      expect(page.html).toContain('<a href="/marketplace/apps/recorder">Install Recorder</a> (your organization may');
      expect((await client.get("/marketplace/apps/recorder")).status).toBe(200);
      const missing = await client.post("/developer/apps/recorder/verify", { cred_0_0: "good" });
      expect(missing.status).toBe(400);
      expect(missing.html).toContain('id="cred-1-0-error"');
      const fields = { cred_1_0: "h", cred_1_1: "p" };
      const refused = await client.post("/developer/apps/recorder/verify", { cred_0_0: "bad", ...fields });
      expect(refused.status).toBe(422);
      expect(refused.html).toContain("The adapter refused the credentials: token revoked");
      const accepted = await client.post("/developer/apps/recorder/verify", { cred_0_0: "good", ...fields });
      expect(accepted.status).toBe(200);
      expect(accepted.html).toContain("Verified: the adapter accepted the credentials as recorder-bot.");
    });

    it("refuses to Verify while /health is not ready or the adapter serves another manifest", async () => {
      const unready = await startBrokenAdapter("unready");
      try {
        const created = await test.call("/api/v1/apps", { token: other.token, json: { base_url: unready.url } });
        expect(created.status).toBe(201);
        const client = await signedIn(other);
        const answer = await client.post("/developer/apps/broken/verify");
        expect(answer.status).toBe(422);
        expect(answer.html).toContain("The adapter&#x27;s /health says starting, not ready.");
      } finally {
        await unready.close();
      }
      await recorder.close();
      recorder = await startRecordingAdapter({ port: recorder.port, version: "9.9.9" });
      const client = await signedIn(author);
      const fields = { cred_0_0: "good", cred_1_0: "h", cred_1_1: "p" };
      const stale = await client.post("/developer/apps/recorder/verify", fields);
      expect(stale.status).toBe(422);
      expect(stale.html).toContain("Refresh first");
      await recorder.close();
      recorder = await startRecordingAdapter({ port: recorder.port });
      expect((await client.post("/developer/apps/recorder/verify", fields)).status).toBe(200);
    });

    it("refreshes the manifest and says whether it changed", async () => {
      const client = await signedIn(author);
      const answer = await client.post("/developer/apps/recorder/refresh");
      expect(answer.status).toBe(200);
      expect(answer.html).toContain("The manifest has not changed.");
    });

    it("lists the App's health checks, newest first", async () => {
      const row = await findAppBySlug(test.service.store.db, "recorder");
      if (row === undefined) throw new Error("no recorder App");
      await pollAppHealth(test.service.context, row);
      const client = await signedIn(author);
      const answer = await client.get("/developer/apps/recorder");
      expect(answer.html).toContain("The latest health checks, newest first");
      expect(answer.html).toMatch(/<td><span class="health health-ready">ready<\/span><\/td>/);
    });

    it("edits the base URL after fetching the manifest there; a bad or unreachable URL changes nothing", async () => {
      const client = await signedIn(author);
      const bad = await client.post("/developer/apps/recorder/edit", { base_url: "not a url" });
      expect(bad.status).toBe(400);
      expect(bad.html).toContain('id="edit_base_url-error"');
      const gone = await client.post("/developer/apps/recorder/edit", { base_url: `${hostile.baseUrl}x` });
      expect(gone.status).toBe(422);
      const other = await client.post("/developer/apps/recorder/edit", { base_url: hostile.baseUrl });
      expect(other.status).toBe(422);
      expect(other.html).toContain("never changes");
      const moved = await startRecordingAdapter();
      try {
        const answer = await client.post("/developer/apps/recorder/edit", { base_url: moved.url });
        expect(answer.status).toBe(200);
        const app = await test.call("/api/v1/apps/recorder", { token: author.token });
        expect(((await app.json()) as { base_url: string }).base_url).toBe(moved.url);
      } finally {
        const back = await client.post("/developer/apps/recorder/edit", { base_url: recorder.url });
        expect(back.status).toBe(200);
        await moved.close();
      }
    });

    it("shows HTML in every manifest field escaped on every page it appears", async () => {
      const client = await signedIn(author);
      const escaped = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;";
      const reviewId = await plantReview(test.service, "hostile");
      const pages = [
        await client.get(`/developer/apps/hostile/reviews/${reviewId}`),
        await client.get("/developer/apps"),
        await client.get("/developer/apps/hostile"),
        await client.post("/developer/new-app", { base_url: hostile.baseUrl }),
        await client.post("/developer/apps/hostile/verify", { cred_0_0: "bad" }),
        await client.get("/marketplace"),
        await client.get("/marketplace/apps/hostile"),
      ];
      for (const answer of pages) {
        expect(answer.html).toContain(escaped);
        expect(answer.html).not.toContain(HOSTILE);
        expect(answer.html).not.toContain("<script>alert");
      }
    });

    it("installs a published App from the marketplace and toggles its front desk", async () => {
      const client = await signedIn(other);
      // D563: the card and the install page name the publishing organization.
      expect((await client.get("/marketplace")).html).toContain('<p class="publisher">Published by acme</p>');
      expect((await client.get("/marketplace/apps/hostile")).html).toContain("Published by <strong>acme</strong>.");
      expect((await (await signedIn(author)).get("/marketplace")).html).toContain(
        "Published by acme (your organization)",
      );
      const refused = await client.post("/marketplace/apps/hostile/install", { cred_0_0: "bad" });
      expect(refused.status).toBe(422);
      const installed = await client.post("/marketplace/apps/hostile/install", { cred_0_0: "good" });
      expect(installed.status).toBe(303);
      // It lands on the new installation's page, which names it.
      expect(installed.location).toMatch(/^\/marketplace\/installations\/inst_[A-Za-z0-9_-]{22}\?installed=1$/);
      const landed = await client.get(installed.location ?? "");
      expect(landed.html).toContain("Installed. Give the platform the inbound URL below.");
      const market = await client.get("/marketplace");
      expect(market.html).toContain("/api/v1/apps/");
      const id = /\/marketplace\/installations\/([^/]+)\/front-desk/.exec(market.html)?.[1] ?? "";
      const toggled = await client.post(`/marketplace/installations/${id}/front-desk`, { front_desk: "on" });
      expect(toggled.status).toBe(303);
      const listed = await test.call("/api/v1/installations", { token: other.token });
      expect(((await listed.json()) as { items: { front_desk: boolean }[] }).items[0]?.front_desk).toBe(true);
      const stranger = await signedIn(author);
      expect((await stranger.post(`/marketplace/installations/${id}/front-desk`, { front_desk: "off" })).status).toBe(
        404,
      );
    });

    it("uninstalls from the marketplace: the inbound URL then answers 410; forged posts and strangers change nothing", async () => {
      const client = await signedIn(other);
      expect((await client.post("/marketplace/apps/hostile/install", { cred_0_0: "good" })).status).toBe(303);
      const market = await client.get("/marketplace");
      const id = /\/marketplace\/installations\/([^/]+)\/uninstall/.exec(market.html)?.[1] ?? "";
      const inbound = `/api/v1/apps/${id}/inbound`;
      // The button names the installation it removes (D290).
      expect(market.html).toContain(`Uninstall<span class="visually-hidden"> hostile installation ${id}</span>`);
      expect(expectFormsRouted("/marketplace", market.html)).toBeGreaterThan(0);
      const uninstallPath = `/marketplace/installations/${id}/uninstall`;
      const active = async () => {
        const listed = await test.call("/api/v1/installations", { token: other.token });
        return ((await listed.json()) as { items: { id: string }[] }).items.some((item) => item.id === id);
      };
      // Forged: no CSRF token, another session's token, another organization's session.
      const otherSession = await signedIn(other);
      expect((await client.post(uninstallPath, {}, null)).status).toBe(403);
      expect((await client.post(uninstallPath, {}, otherSession.csrf ?? "")).status).toBe(403);
      const stranger = await signedIn(author);
      const refused = await stranger.post(uninstallPath);
      expect(refused.status).toBe(404);
      expect(refused.html).toContain("<h1>");
      // A workflow-scoped token gets no session at all (D353).
      const workflow = await createWorkflow(test, other.token);
      const scoped = await test.service.createToken({ organization: "globex", workflow: workflow.id });
      expect((await browser().post("/developer/sign-in", { token: scoped.token }, null)).status).toBe(403);
      expect(await active()).toBe(true);
      expect((await test.call(inbound, { body: "{}" })).status).not.toBe(410);

      // D385: the first post asks, and changes nothing; the confirmed one uninstalls.
      const asked = await client.post(uninstallPath);
      expect(asked.status).toBe(200);
      expect(asked.html).toContain(`Uninstall hostile installation ${id}?`);
      expect(expectFormsRouted(uninstallPath, asked.html)).toBe(2);
      expect(await active()).toBe(true);
      const uninstalled = await client.post(uninstallPath, { confirm: "yes" });
      expect(uninstalled.status).toBe(303);
      expect(uninstalled.location).toBe("/marketplace?uninstalled=1");
      const after = await client.get("/marketplace?uninstalled=1");
      expect(after.html).toContain("Uninstalled.");
      expect(after.html).not.toContain(uninstallPath);
      expect(await active()).toBe(false);
      expect((await test.call(inbound, { body: "{}" })).status).toBe(410);
      // A repeat changes nothing and still lands on the marketplace.
      expect((await client.post(uninstallPath, { confirm: "yes" })).status).toBe(303);
    });

    it("pages the installations list like the Apps lists, 50 a page", async () => {
      const tenant = await createTenant(test, "initech");
      const app = await findAppBySlug(test.service.store.db, "hostile");
      for (let index = 0; index < 51; index += 1) {
        await insertInstallation(test.service.store.db, {
          organizationId: tenant.organizationId,
          projectId: null,
          appId: app?.id ?? 0,
          appVersion: app?.published_version ?? 1,
          verifiedUser: null,
          now: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
        });
      }
      const client = await signedIn(tenant);
      const first = await client.get("/marketplace");
      expect(first.html.match(/\/uninstall"/g)).toHaveLength(50);
      expect(first.html).toContain('<nav class="pager" aria-label="Installation pages">');
      expect(first.html).toContain("Page 1 of 2 (51 in all)");
      const next = /<a href="([^"]+)" rel="next">/.exec(
        first.html.slice(first.html.indexOf("Installation pages")),
      )?.[1];
      expect(next?.replaceAll("&#x3D;", "=")).toBe("/marketplace?installations_page=2");
      const second = await client.get("/marketplace?installations_page=2");
      expect(second.html.match(/\/uninstall"/g)).toHaveLength(1);
      expect(second.html).toContain("Page 2 of 2 (51 in all)");
      expect((await client.get("/marketplace?installations_page=0")).status).toBe(400);
    });

    it("shows a finished review's report failures first, each failure with expected, actual, pointer and the CLI line", async () => {
      const id = await plantReview(test.service, "recorder");
      const client = await signedIn(author);
      const answer = await client.get(`/developer/apps/recorder/reviews/${id}`);
      expect(answer.status).toBe(200);
      expect(answer.html).not.toContain("<script");
      expect(answer.headers.get("content-security-policy")).toContain("script-src 'none'");
      expect(answer.html).toContain('<h2 id="group-parse-inbound">parse-inbound</h2>');
      expect(answer.html).toContain("<dt>Expected</dt><dd>true</dd>");
      expect(answer.html).toContain("<dt>Actual</dt><dd>false</dd>");
      expect(answer.html).toContain("<code>/events/0/is_bot</code>");
      // D388: failures first, each linked to its check; the line to run it again names what only the author has.
      const summary = answer.html.indexOf('id="failed-heading"');
      expect(summary).toBeGreaterThan(-1);
      expect(summary).toBeLessThan(answer.html.indexOf('id="group-parse-inbound"'));
      expect(answer.html).toContain('<li><a href="#check-parse-inbound.bot-flag">parse-inbound.bot-flag</a>');
      expect(answer.html).toContain('id="check-parse-inbound.bot-flag"');
      expect(answer.html).not.toContain("curl -sS");
      const app = (await (await test.call("/api/v1/apps/recorder", { token: author.token })).json()) as {
        base_url: string;
      };
      expect(answer.html).toContain(
        `ADAPTER_SIGNING_SECRET&#x3D;&lt;your App&#x27;s signing secret&gt; adapterkit conformance ${app.base_url} --only parse-inbound.bot-flag --fixtures &lt;path to your fixtures file&gt;`,
      );
      // The HTML report opens from the session, its own style allowed by hash and no script at all.
      const html = await client.get(`/developer/apps/recorder/reviews/${id}/report.html`);
      expect(html.status).toBe(200);
      expect(html.headers.get("content-type")).toContain("text/html");
      expect(html.headers.get("content-disposition")).toContain("inline");
      const policy = html.headers.get("content-security-policy") ?? "";
      expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(policy).toContain("script-src 'none'");
      expect(policy).toContain("sandbox");
      expect((await new PortalBrowser(test.url).get(`/developer/apps/recorder/reviews/${id}/report.html`)).status).toBe(
        303,
      );
      const json = await client.get(`/developer/apps/recorder/reviews/${id}/report.json`);
      expect(json.status).toBe(200);
      expect(json.headers.get("content-disposition")).toContain("attachment");
      expect(JSON.parse(json.html)).toMatchObject({ result: "failed", report_version: "2" });
      const junit = await client.get(`/developer/apps/recorder/reviews/${id}/report.xml`);
      expect(junit.headers.get("content-type")).toContain("application/xml");
      expect(junit.html).toContain("<testsuite");
      expect((await client.get("/developer/apps")).status).toBe(200);
      const stranger = await signedIn(other);
      expect((await stranger.get(`/developer/apps/recorder/reviews/${id}`)).status).toBe(404);
      expect((await stranger.get(`/developer/apps/recorder/reviews/${id}/report.json`)).status).toBe(404);
      expect((await stranger.get(`/developer/apps/recorder/reviews/${id}/report.html`)).status).toBe(404);
      expect((await client.get("/developer/apps/recorder/reviews/999999")).status).toBe(404);
      expect((await client.get("/developer/apps/recorder/reviews/x")).status).toBe(404);
    });

    it("uploads a fixtures file as multipart/form-data, and shows a bad one's error beside the field", async () => {
      const client = await signedIn(author);
      await client.get("/developer/apps/recorder");
      const file = { field: "fixtures_file", name: "fixtures.json", text: WEBHOOK_FIXTURES_TEXT };
      const stored = await client.postFile("/developer/apps/recorder/fixtures", {}, file);
      expect(stored.status).toBe(200);
      expect(stored.html).toContain(`Fixtures stored (${Buffer.byteLength(WEBHOOK_FIXTURES_TEXT)} bytes).`);
      const bad = await client.postFile("/developer/apps/recorder/fixtures", {}, { ...file, text: "{nope" });
      expect(bad.status).toBe(400);
      expect(bad.html).toContain('id="fixtures_file-error"');
      expect(bad.html).toContain("not JSON");
      const pasted = await client.post("/developer/apps/recorder/fixtures", { fixtures_text: "[]" });
      expect(pasted.status).toBe(400);
      const empty = await client.post("/developer/apps/recorder/fixtures", {});
      expect(empty.status).toBe(400);
      const big = await client.postFile(
        "/developer/apps/recorder/fixtures",
        {},
        { ...file, text: "x".repeat(300_000) },
      );
      expect(big.status).toBe(413);
    });

    it("submits for review and shows the queued review with a Reload link; a second submit is refused", async () => {
      const client = await signedIn(author);
      await client.get("/developer/apps/recorder");
      const submitted = await client.post("/developer/apps/recorder/reviews");
      expect(submitted.status).toBe(303);
      const review = await client.get(submitted.location ?? "");
      expect(review.status).toBe(200);
      expect(review.html).toContain("State: <strong>queued</strong>");
      expect(review.html).not.toContain('http-equiv="refresh"');
      expect(review.html).toMatch(/<a href="\/developer\/apps\/recorder\/reviews\/\d+">Reload now<\/a>/);
      // Where JavaScript runs, one nonce'd script polls the page; the policy allows that script and no other.
      const nonce = /<script nonce="([^"]+)">/.exec(review.html)?.[1];
      expect(review.html.match(/<script/g)?.length).toBe(1);
      expect(review.headers.get("content-security-policy")).toContain(`script-src 'nonce-${nonce}'`);
      await client.get("/developer/apps/recorder");
      const again = await client.post("/developer/apps/recorder/reviews");
      expect(again.status).toBe(409);
      expect(again.html).toContain("in_review");
    });

    it("serves its stylesheet with a year-long cache and answers an unknown portal path with a 404 page", async () => {
      const client = await signedIn(author);
      const href = /<link rel="stylesheet" href="([^"]+)"/.exec((await client.get("/developer/apps")).html)?.[1];
      const css = await fetch(`${test.url}${href}`);
      expect(css.status).toBe(200);
      expect(css.headers.get("cache-control")).toContain("max-age=31536000");
      expect((await client.get("/developer/nowhere")).status).toBe(404);
      expect((await client.get("/developer/apps?page=zero")).status).toBe(400);
    });
  });
}
