import { fileURLToPath } from "node:url";
import { webhookAdapter, webhookManifest } from "@adapterkit/adapter-webhook";
import type { Adapter } from "@adapterkit/sdk";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokenWebhookAdapter } from "../../helpers/broken-adapter.ts";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  startTestService,
  type Tenant,
  type TestService,
} from "../../helpers/test-service.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { appState, see, watchUntilVerdict } from "./portal-steps.ts";
import { startWebhookAuthorAdapter, type WebhookAuthorAdapter } from "./webhook-author-adapter.ts";

const FIXTURES = fileURLToPath(new URL("../../../../../adapters/webhook/conformance.fixtures.json", import.meta.url));
const GOOD_SECRET = "whsec_Y29uZm9ybWFuY2Utd2ViaG9vay1nb29kLWtleQ==";
const BAD_SECRET = "whsec_#bad-key#";
/** The author's first deploy: the sample adapter with the fault a review finds (`is_bot` the wrong way round). */
const FAULTY: Adapter = { ...brokenWebhookAdapter, slug: webhookAdapter.slug, manifest: webhookManifest } as Adapter;
/** The author's later deploy: the same adapter, its manifest at a new version (Refresh makes it version 2). */
const SECOND: Adapter = {
  ...webhookAdapter,
  manifest: { ...webhookManifest, version: "0.2.0", description: `${webhookManifest.description} Version 2.` },
} as Adapter;
const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal walk in Chromium: the webhook adapter from its URL to an installation ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let test: TestService;
    let adapter: WebhookAuthorAdapter;
    let author: Tenant;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      adapter = await startWebhookAuthorAdapter(FAULTY);
      test = await startTestService(SQLITE, { allowedHosts: ["127.0.0.1"], reviews: { pollMs: 200 } });
      author = await createTenant(test, "author");
      browser = await openBrowserSession("portal-walk");
      page = browser.page;
    });
    afterAll(async () => {
      await browser?.close();
      await test?.close();
      await adapter?.close();
    });

    it("asks for an API token, refuses a wrong one, and signs in with the author's", async () => {
      await page.goto(`${test.url}/developer/apps`);
      await page.getByRole("heading", { name: "Sign in to the developer portal" }).waitFor();
      await browser.checkPage("sign-in");
      await page.getByLabel("API token").fill("not-a-token");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByLabel("API token").and(page.locator("[aria-invalid=true]")).waitFor();
      await browser.checkPage("sign-in refused");
      await page.getByLabel("API token").fill(author.token);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Your Apps", level: 1 }).waitFor();
      await browser.checkPage("apps list empty");
    });

    it("previews the manifest and health fetched from the adapter's base URL, then creates a draft", async () => {
      await page.getByRole("link", { name: "New App" }).click();
      await page.getByRole("heading", { name: "New App", level: 1 }).waitFor();
      await browser.checkPage("new app");
      await page.getByLabel("Adapter base URL").fill(adapter.url);
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("heading", { name: "Preview of Webhook" }).waitFor();
      await see(page, "No problems found.");
      await browser.checkPage("preview");
      await page.getByRole("button", { name: "Create draft" }).click();
      await page.getByRole("heading", { name: "Webhook", level: 1 }).waitFor();
      expect(await appState(page)).toBe("draft");
      await browser.checkPage("app draft");
      await page.getByRole("link", { name: "Your Apps" }).click();
      const apps = page.getByRole("table", { name: "Apps of your organization, by slug" });
      expect(await apps.getByRole("row").filter({ hasText: "Webhook" }).innerText()).toMatch(/webhook\s+draft/);
      await browser.checkPage("apps list");
      await apps.getByRole("link", { name: "Webhook" }).click();
      await page.getByRole("heading", { name: "Webhook", level: 1 }).waitFor();
    });

    it("shows the adapter's error for bad credentials on Verify, and ok for good ones", async () => {
      const result = page.getByRole("region", { name: "Verify" }).getByRole("status");
      await page.getByLabel("Inbound signing secret").fill(BAD_SECRET);
      await page.getByRole("button", { name: "Verify" }).click();
      await result.waitFor();
      expect(await result.innerText()).toMatch(/signing_secret is not a Standard Webhooks secret/);
      await browser.checkPage("verify refused");
      await page.getByLabel("Inbound signing secret").fill(GOOD_SECRET);
      await page.getByRole("button", { name: "Verify" }).click();
      await see(page, /Standard Webhooks endpoint \(inbound key/);
      expect(await result.getAttribute("class")).toBe("ok");
      await browser.checkPage("verify ok");
    });

    it("hands the author a new signing secret for the adapter, and stores the uploaded fixtures file", async () => {
      await page.getByRole("button", { name: "Show signing secret" }).click();
      const secret = await page.getByRole("region", { name: "Signing secret" }).locator("code.secret").innerText();
      expect(secret).toMatch(/^whsec_/);
      adapter.useSigningSecret(secret);
      await page.getByLabel("Fixtures file").setInputFiles(FIXTURES);
      await page.getByRole("button", { name: "Upload fixtures" }).click();
      await see(page, "A fixtures file is stored");
      await browser.checkPage("fixtures stored");
    });

    it("shows the review's progress while it runs, then a failure found from the summary", async () => {
      // The adapter holds its answers (at most 3 s) while the running page is seen and checked.
      const release = adapter.hold();
      try {
        await page.getByRole("button", { name: "Submit for Review" }).click();
        await page.getByRole("heading", { name: /^Review \d+ of Webhook$/ }).waitFor();
        await see(page, /^State: (queued|running)$/);
        await page.getByRole("progressbar", { name: "Checks done" }).waitFor();
        await browser.checkPage("review running");
      } finally {
        release();
      }
      // The page updates itself (D241's script): the author just watches it.
      expect(await watchUntilVerdict(page)).toBe("failed");
      await browser.checkPage("review failed");
      const failures = page.getByRole("list", { name: /failed check\(s\)$/ });
      // The fault: the adapter's own echo is said to be a person's message.
      const id = "feedback-loop.own-echo-is-bot";
      await failures.getByRole("link", { name: id, exact: true }).click();
      expect(page.url()).toMatch(new RegExp(`#check-${id.replaceAll(".", "\\.")}$`));
      await page.locator(`[id="check-${id}"]`).getByText("adapterkit conformance").first().waitFor();
    }, 120_000);

    it("passes once the fault is fixed and resubmitted, and publishes only when Publish is pressed", async () => {
      adapter.useAdapter(webhookAdapter);
      await page.getByRole("link", { name: "Back to Webhook" }).click();
      await page.getByRole("heading", { name: "Webhook", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Submit for Review" }).click();
      expect(await watchUntilVerdict(page)).toBe("passed");
      await page.getByRole("link", { name: "Download the JSON report" }).waitFor();
      await see(page, "Version 1 passed its review and is ready to publish");
      await browser.checkPage("review passed");
      // The runner's HTML report opens with the session's cookie (a sandboxed page runs no script, so neither axe
      // nor a locator can look inside it; the fetch-level test checks its policy).
      const href = await page.getByRole("link", { name: "Open the HTML report" }).getAttribute("href");
      const report = await page.request.get(`${test.url}${href}`);
      expect(report.status()).toBe(200);
      expect(await report.text()).toContain("<h1>Conformance report: webhook</h1>");
      await page.getByRole("link", { name: "Back to Webhook" }).click();
      // D450: a passing review approves the version; the App is not published until the author says so.
      expect(await appState(page)).toBe("draft");
      const versions = page.getByRole("table", { name: "Every version of the manifest, newest first" });
      expect(await versions.getByRole("row").nth(1).innerText()).toMatch(/^1\s+approved/);
      await browser.checkPage("app approved");
      await page.getByRole("button", { name: "Publish version 1" }).click();
      await see(page, "Version 1 is published: new installations get it.");
      expect(await appState(page)).toBe("published");
      const checklist = page.getByRole("region", { name: "Getting started" });
      expect(await checklist.getByText("to do").count()).toBe(0);
      expect(await versions.getByRole("row").nth(1).innerText()).toMatch(/^1\s+published/);
      await see(page, "Version 1 is published and there is no newer version");
      await browser.checkPage("app published");
    }, 180_000);

    it("asks before rotating the signing secret, on a page of its own, and goes back on Cancel", async () => {
      await page.getByRole("button", { name: "Rotate signing secret" }).click();
      await page.getByRole("heading", { name: "Rotate the signing secret of Webhook?", level: 1 }).waitFor();
      await browser.checkPage("confirm rotate");
      await page.getByRole("link", { name: "Cancel" }).click();
      await page.getByRole("heading", { name: "Webhook", level: 1 }).waitFor();
    });

    it("lists the published App in the marketplace and installs it with the manifest's credentials form", async () => {
      await page.getByRole("link", { name: "Marketplace" }).click();
      await page.getByRole("heading", { name: "Marketplace", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Webhook", level: 3 }).waitFor();
      await browser.checkPage("marketplace");
      await page.getByRole("link", { name: "Install Webhook" }).click();
      await page.getByRole("heading", { name: "Install Webhook", level: 1 }).waitFor();
      await browser.checkPage("install form");
      await page.getByLabel("Inbound signing secret").fill(GOOD_SECRET);
      await page.getByRole("button", { name: "Install", exact: true }).click();
      // Install lands on the new installation's own page, its inbound URL shown to set up on the platform.
      await page.getByRole("heading", { name: "Webhook installation", level: 1 }).waitFor();
      expect(await page.getByRole("region", { name: "Overview" }).innerText()).toMatch(
        /\/api\/v1\/apps\/[\w-]+\/inbound/,
      );
      await browser.checkPage("new installation");
      await page.getByRole("link", { name: "Marketplace" }).click();
      const installations = page.getByRole("table", { name: "Installations of your organization" });
      await installations.waitFor();
      expect(await installations.innerText()).toMatch(/\/api\/v1\/apps\/[\w-]+\/inbound/);
      await browser.checkPage("installations");
    });

    it("opens the installation's page, creates an app-event trigger there and switches its front desk", async () => {
      await createWorkflow(test, author.token, { name: "Tickets" });
      await page.getByRole("table", { name: "Installations of your organization" }).getByRole("link").first().click();
      await page.getByRole("heading", { name: "Webhook installation", level: 1 }).waitFor();
      await see(page, "No inbound events yet");
      await browser.checkPage("installation");
      await page.getByLabel("Trigger name").fill("New tickets");
      // The event log's filter has an "Event type" field too: the trigger form's is the one filled.
      const triggerForm = page.getByRole("form", { name: "Create an app-event trigger" });
      await triggerForm.getByLabel("Event type").fill("ticket.created");
      await page.getByLabel("Target stage").fill("nowhere");
      await page.getByRole("button", { name: "Create trigger" }).click();
      await page.getByLabel("Target stage").and(page.locator("[aria-invalid=true]")).waitFor();
      await browser.checkPage("installation trigger refused");
      await page.getByLabel("Target stage").fill("echo");
      await page.getByRole("button", { name: "Create trigger" }).click();
      await see(page, "The app-event trigger was created.");
      const triggers = page.getByRole("table", { name: "Triggers this installation's events start" });
      expect(await triggers.innerText()).toMatch(/New tickets\s+Tickets\s+ticket\.created\s+echo/);
      // D392: a signed sample of the uploaded fixtures goes through the real pipeline and is marked as a test.
      await page.getByRole("button", { name: "Send a test event" }).click();
      await see(page, /^The test event went through the inbound pipeline: (accepted|unmatched)\./);
      const events = page.getByRole("table", { name: "Inbound events, newest first" });
      expect(await events.getByRole("row").nth(1).innerText()).toMatch(/(accepted|unmatched)\s+test/);
      await browser.checkPage("installation test event");
      await page.getByRole("button", { name: "Turn the front desk on" }).click();
      await see(page, "The front desk is on.");
      await browser.checkPage("installation front desk on");
      await page.getByRole("button", { name: "Uninstall this installation" }).click();
      await page.getByRole("heading", { name: /^Uninstall webhook installation .+\?$/, level: 1 }).waitFor();
      await browser.checkPage("confirm uninstall");
      await page.getByRole("link", { name: "Cancel" }).click();
      await page.getByRole("heading", { name: "Webhook installation", level: 1 }).waitFor();
    });

    it("ships version 2 from the portal and moves the installation to it, which still receives", async () => {
      const installation = page.url();
      adapter.useAdapter(SECOND);
      await page.goto(`${test.url}/developer/apps/webhook`);
      await page.getByRole("button", { name: "Refresh manifest" }).click();
      await see(page, "Refreshed: version 2.");
      await page.getByRole("button", { name: "Submit for Review" }).click();
      await page.getByRole("heading", { name: /^Review \d+ of Webhook$/ }).waitFor();
      expect(await watchUntilVerdict(page)).toBe("passed");
      await page.getByRole("link", { name: "Back to Webhook" }).click();
      await page.getByRole("button", { name: "Publish version 2" }).click();
      await see(page, "Version 2 is published: new installations get it.");
      const release = page.getByRole("region", { name: "Release" });
      await release.getByText("1 on an older one").waitFor();
      await browser.checkPage("app version 2 published");
      expect(await release.getByLabel("All 1").isChecked()).toBe(true);
      await release.getByRole("button", { name: "Move installations" }).click();
      await page
        .getByRole("heading", { name: "Move every installation on an older version to version 2?", level: 1 })
        .waitFor();
      await browser.checkPage("confirm move installations");
      await page.getByRole("button", { name: "Move installations" }).click();
      // D580: the move is a job; the App page shows it, and its outcome once the worker has run it.
      await see(page, /^Upgrade \d+: its progress and results are under Upgrades, below\.$/);
      const finished = page.getByRole("heading", { name: /^Upgrade \d+ to version 2: done$/, level: 4 });
      for (let attempt = 0; attempt < 100 && !(await finished.isVisible()); attempt += 1) {
        await page.waitForTimeout(100);
        await page.reload();
      }
      await finished.waitFor();
      await page.getByText(/1 of 1 handled: 1 moved, 0 marked action needed, 0 kept/).waitFor();
      await browser.checkPage("installations moved");
      await page.goto(installation);
      await page.getByRole("heading", { name: "Webhook installation", level: 1 }).waitFor();
      await see(page, "2 (the App's published version is 2); moved from version 1 by the App's author");
      await page.getByRole("button", { name: "Send a test event" }).click();
      await see(page, /^The test event went through the inbound pipeline: (accepted|unmatched)\./);
      const events = page.getByRole("table", { name: "Inbound events, newest first" });
      expect(await events.getByRole("row").count()).toBe(3);
      expect(await events.getByRole("row").nth(1).innerText()).toMatch(/(accepted|unmatched)\s+test/);
      await browser.checkPage("installation on version 2");
    }, 180_000);

    it("fits a 390 px wide screen without scrolling sideways", async () => {
      const installation = page.url();
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        for (const path of [installation, `${test.url}/developer/apps/webhook`, `${test.url}/marketplace`]) {
          await page.goto(path);
          await page.getByRole("heading", { level: 1 }).waitFor();
          const width = await page.evaluate("document.documentElement.scrollWidth");
          expect(width, path).toBeLessThanOrEqual(390);
        }
        await browser.checkPage("app at 390 px");
      } finally {
        await page.setViewportSize({ width: 1280, height: 720 });
      }
    });

    it("answers an unknown App with an error page that leads back", async () => {
      await page.goto(`${test.url}/developer/apps/no-such-app`);
      await page.getByRole("heading", { name: /not found/i, level: 1 }).waitFor();
      await browser.checkPage("error not found");
      await page.getByRole("link", { name: "Back to your Apps" }).click();
      await page.getByRole("heading", { name: "Your Apps", level: 1 }).waitFor();
    });

    it("refuses a form whose CSRF token was taken out, changing nothing", async () => {
      await page.goto(`${test.url}/developer/apps/webhook`);
      const refresh = page.getByRole("region", { name: "Refresh" });
      await refresh.locator("input[name=csrf]").evaluate((input) => input.remove());
      await refresh.getByRole("button", { name: "Refresh manifest" }).click();
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).not.toBe("Webhook");
      expect(await page.locator("main").innerText()).toMatch(/nothing was changed/i);
      await browser.checkPage("error forged form");
    });
  },
);
