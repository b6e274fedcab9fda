import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedWebhookApp, serveWebhookApp, WEBHOOK_FIXTURES_TEXT } from "../helpers/broken-adapter.ts";
import { PortalBrowser as Browser, type PortalBrowser, type PortalPage } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type TestService } from "../helpers/test-service.ts";

// A review runs the whole suite against the adapter: waitForVerdict gives it 120 s, and each test below 150 s.
const GOOD_SECRET = "whsec_Y29uZm9ybWFuY2Utd2ViaG9vay1nb29kLWtleQ==";

// What a reader without JavaScript does on the review page: follows "Reload now" until the review ends.
async function waitForVerdict(client: PortalBrowser, path: string): Promise<PortalPage> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const page = await client.get(path);
    if (!page.html.includes('id="review-progress"')) return page;
    if (Date.now() > deadline) throw new Error(`review at ${path} still running`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// New App → preview → Create draft → the secret set on the adapter → fixtures → Submit for Review.
async function registerAndSubmit(
  client: PortalBrowser,
  adapter: ServedWebhookApp,
  beforeSubmit: (path: string) => Promise<void> = async () => {},
): Promise<{ slug: string; review: string }> {
  const preview = await client.post("/developer/new-app", { base_url: adapter.url });
  expect(preview.status).toBe(200);
  expect(preview.html).toContain("Create draft");
  const created = await client.post("/developer/apps", { base_url: adapter.url });
  expect(created.status).toBe(303);
  const path = created.location ?? "";
  const slug = path.split("/").at(-1) ?? "";
  const shown = await client.post(`${path}/signing-secret/show`);
  const secret = /<code class="secret">(whsec_[^<]+)<\/code>/.exec(shown.html)?.[1]?.replaceAll("&#x3D;", "=");
  if (secret === undefined) throw new Error("no secret shown");
  await adapter.restartWith(secret);
  const file = { field: "fixtures_file", name: "conformance.fixtures.json", text: WEBHOOK_FIXTURES_TEXT };
  expect((await client.postFile(`${path}/fixtures`, {}, file)).status).toBe(200);
  await beforeSubmit(path);
  const submitted = await client.post(`${path}/reviews`);
  expect(submitted.status).toBe(303);
  return { slug, review: submitted.location ?? "" };
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the portal's review walk with the sample webhook adapter (A2, A14) ${lane.title}`, () => {
    let test: TestService;
    let author: PortalBrowser;
    let installer: PortalBrowser;
    const adapters: ServedWebhookApp[] = [];

    beforeAll(async () => {
      test = await startTestService(lane, { healthPolling: false, reviews: { pollMs: 100, progressMs: 50 } });
      author = new Browser(test.url);
      await author.signIn((await createTenant(test, "author")).token);
      installer = new Browser(test.url);
      await installer.signIn((await createTenant(test, "installer")).token);
    });
    afterAll(async () => {
      await test?.close();
      await Promise.all(adapters.map((adapter) => adapter.close()));
    });

    it("verifies, reviews, publishes (an explicit step) and installs the webhook App, all through the pages", async () => {
      const adapter = await serveWebhookApp();
      adapters.push(adapter);
      const preview = await author.post("/developer/new-app", { base_url: adapter.url });
      expect(preview.html).toContain("No problems found.");
      const { slug, review } = await registerAndSubmit(author, adapter, async (path) => {
        const bad = await author.post(`${path}/verify`, { cred_0_0: "whsec_short" });
        expect(bad.status).toBe(422);
        expect(bad.html).toMatch(/The adapter refused the credentials: [^<]*signing_secret/);
        const good = await author.post(`${path}/verify`, { cred_0_0: GOOD_SECRET });
        expect(good.status).toBe(200);
        expect(good.html).toContain("Verified: the adapter accepted the credentials");
      });
      expect(slug).toBe("webhook");
      const report = await waitForVerdict(author, review);
      expect(report.html).toContain("State: <strong>passed</strong>");
      expect(report.html).toContain('<h2 id="group-feedback-loop">feedback-loop</h2>');
      expect(report.html).toContain("Download the JUnit report");
      expect(report.html).toContain("Version 1 passed its review and is ready to publish");
      // D450: approved, not yet published: the marketplace does not list it until the author presses Publish.
      const approved = await author.get("/developer/apps/webhook");
      expect(approved.html).toContain('<dt>State</dt><dd><span class="badge state-draft">draft</span></dd>');
      expect(approved.html).toContain('<button type="submit">Publish version 1</button>');
      expect((await installer.get("/marketplace")).html).not.toContain('href="/marketplace/apps/webhook"');
      const published = await author.post("/developer/apps/webhook/publish", { version: "1" });
      expect(published.html).toContain('<dt>State</dt><dd><span class="badge state-published">published</span></dd>');

      const market = await installer.get("/marketplace");
      expect(market.html).toContain('href="/marketplace/apps/webhook"');
      const form = await installer.get("/marketplace/apps/webhook");
      // D561: the manifest's label, and a help line naming the credential's key and field.
      expect(form.html).toMatch(/<label for="cred-0-0">Inbound signing secret[^<]*<\/label>/);
      expect(form.html).toMatch(/<p class="hint" id="cred-0-0-help">[^<]+<\/p>/);
      const refused = await installer.post("/marketplace/apps/webhook/install", { cred_0_0: "whsec_short" });
      expect(refused.status).toBe(422);
      const installed = await installer.post("/marketplace/apps/webhook/install", { cred_0_0: GOOD_SECRET });
      expect(installed.status).toBe(303);
      expect((await installer.get("/marketplace")).html).toMatch(
        /<td><a href="\/marketplace\/installations\/[^"]+">webhook<span[^<]*<\/span><\/a><\/td>\s*<td><code>http:\/\/127\.0\.0\.1:\d+\/api\/v1\/apps\/[^/]+\/inbound<\/code>/,
      );
    }, 150_000);

    it("shows a broken adapter's failed checks with expected and actual, and keeps it a draft", async () => {
      const adapter = await serveWebhookApp({ broken: true });
      adapters.push(adapter);
      const { slug, review } = await registerAndSubmit(author, adapter);
      const report = await waitForVerdict(author, review);
      expect(report.html).toContain("State: <strong>failed</strong>");
      expect(report.html).toMatch(/<strong>Failed<\/strong> <code>feedback-loop\.[a-z-]+<\/code>/);
      expect(report.html).toContain("<dt>Expected</dt>");
      expect(report.html).toContain("<dt>JSON Pointer</dt>");
      expect(report.html).toContain(
        "<pre><code>ADAPTER_SIGNING_SECRET&#x3D;&lt;your App&#x27;s signing secret&gt; adapterkit conformance ",
      );
      expect((await author.get(`/developer/apps/${slug}`)).html).toContain(
        '<dt>State</dt><dd><span class="badge state-draft">draft</span></dd>',
      );
      expect((await installer.get("/marketplace")).html).not.toContain(`/marketplace/apps/${slug}"`);
    }, 150_000);
  });
}
