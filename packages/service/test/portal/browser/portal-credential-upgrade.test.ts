import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { webhookAdapter, webhookManifest } from "@adapterkit/adapter-webhook";
import { type Adapter, SIGNATURE_SCHEMES } from "@adapterkit/sdk";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../../helpers/test-service.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { see, signIn } from "./portal-steps.ts";
import { startWebhookAuthorAdapter, type WebhookAuthorAdapter } from "./webhook-author-adapter.ts";

const ADMIN = "admin-token-for-portal-credential-upgrade-0123";
const FIXTURES_TEXT = readFileSync(
  new URL("../../../../../adapters/webhook/conformance.fixtures.json", import.meta.url),
  "utf8",
);
const GOOD_SECRET = "whsec_Y29uZm9ybWFuY2Utd2ViaG9vay1nb29kLWtleQ==";
/** Version 2 of the webhook App: a required credential more, which no installation has yet. */
const WITH_WORKSPACE: Adapter = {
  ...webhookAdapter,
  manifest: {
    ...webhookManifest,
    version: "0.2.0",
    credentials: [
      ...(webhookManifest.credentials ?? []),
      { key: "workspace_id", type: "text", label: "Workspace", maps_to: "workspace_id" },
    ],
  },
} as Adapter;
const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");

interface InstallationJson {
  id: string;
  app_version: number;
  inbound_url: string;
  action_needed: { version: number; missing_credentials: string[] } | null;
}

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal in Chromium: version 2 adds a required credential, given in place (D560, D591) ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let test: TestService;
    let adapter: WebhookAuthorAdapter;
    let author: Tenant;
    let others: Tenant[];
    let browser: BrowserSession;
    let page: Page;
    let fixturesDir: string;
    const installations: { id: string; token: string }[] = [];

    const installation = async (id: string, token: string): Promise<InstallationJson> => {
      const response = await test.call(`/api/v1/installations/${id}`, { token });
      expect(response.status).toBe(200);
      return (await response.json()) as InstallationJson;
    };

    beforeAll(async () => {
      adapter = await startWebhookAuthorAdapter();
      test = await startTestService(SQLITE, { adminToken: ADMIN, healthPolling: false });
      author = await createTenant(test, "author");
      others = [await createTenant(test, "beta"), await createTenant(test, "gamma"), await createTenant(test, "delta")];
      // Version 1, reviewed and published through the API: the walk is about what comes after.
      expect((await test.call("/api/v1/apps", { token: author.token, json: { base_url: adapter.url } })).status).toBe(
        201,
      );
      const shown = await test.call("/api/v1/apps/webhook/signing-secret", { token: author.token });
      adapter.useSigningSecret(((await shown.json()) as { secret: string }).secret);
      const put = await test.call("/api/v1/apps/webhook/fixtures", {
        token: author.token,
        method: "PUT",
        body: FIXTURES_TEXT,
        headers: { "content-type": "application/json" },
      });
      expect(put.status).toBe(200);
      expect((await test.call("/api/v1/apps/webhook/submit", { token: author.token, method: "POST" })).status).toBe(
        202,
      );
      expect(
        (await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } })).status,
      ).toBe(200);
      // Four installations, oldest first: the author's own, then three other organizations'.
      for (const tenant of [author, ...others]) {
        const installed = await test.call("/api/v1/installations", {
          token: tenant.token,
          json: { app: "webhook", credentials: { webhook_signing_secret: GOOD_SECRET } },
        });
        expect(installed.status, await installed.clone().text()).toBe(201);
        installations.push({ id: ((await installed.json()) as { id: string }).id, token: tenant.token });
      }
      fixturesDir = mkdtempSync(join(tmpdir(), "adapterkit-credential-upgrade-"));
      browser = await openBrowserSession("portal-credential-upgrade");
      page = browser.page;
      await signIn(browser, test.url, author.token);
    });
    afterAll(async () => {
      await browser?.close();
      await test?.close();
      await adapter?.close();
      if (fixturesDir !== undefined) rmSync(fixturesDir, { recursive: true, force: true });
    });

    it("names the added credential on Refresh and refuses its review until the fixtures carry it", async () => {
      adapter.useAdapter(WITH_WORKSPACE);
      await page.goto(`${test.url}/developer/apps/webhook`);
      await page.getByRole("button", { name: "Refresh manifest" }).click();
      await see(page, "Refreshed: version 2.");
      const diff = page.getByRole("table", { name: "What changed in the manifest" });
      expect(await diff.getByRole("row").nth(1).innerText()).toMatch(/^added required credential workspace_id\s/);
      expect(await diff.getByText(/\/credentials\/\d/).count()).toBe(0);
      const checklist = page.getByRole("region", { name: "Getting started" });
      await checklist.getByText("the fixtures lack required credential workspace_id (field workspace_id)").waitFor();
      await browser.checkPage("refreshed with a new credential");
      await page.getByRole("button", { name: "Submit for Review" }).click();
      await see(
        page,
        /^The fixtures lack the required credential workspace_id \(field workspace_id\) that version 2 adds/,
      );
      await browser.checkPage("review refused for the fixtures");
      const fixtures = JSON.parse(FIXTURES_TEXT) as { credentials: { good: Record<string, string> } };
      fixtures.credentials.good.workspace_id = "W-fixtures";
      const file = join(fixturesDir, "fixtures.json");
      writeFileSync(file, JSON.stringify(fixtures));
      await page.getByLabel("Fixtures file").setInputFiles(file);
      await page.getByRole("button", { name: "Upload fixtures" }).click();
      await see(page, "A fixtures file is stored");
      await page.getByRole("button", { name: "Submit for Review" }).click();
      await page.getByRole("heading", { name: /^Review \d+ of Webhook$/ }).waitFor();
      await browser.checkPage("review of version 2 queued");
      // The operator's override (D118) stands in for the runner here: the review flow has its own walk.
      expect(
        (await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } })).status,
      ).toBe(200);
    });

    it("upgrades half, marks them action needed where they are, and the author's moves once given the credential", async () => {
      const [own, second, third] = installations;
      if (own === undefined || second === undefined || third === undefined) throw new Error("no installations");
      const before = await installation(own.id, own.token);
      await page.goto(`${test.url}/developer/apps/webhook`);
      const release = page.getByRole("region", { name: "Release" });
      await release.getByText("4 on an older one").waitFor();
      await release.getByLabel("A percentage of them").check();
      await release.getByLabel("Percentage or number, for a share").fill("50");
      await release.getByRole("button", { name: "Move installations" }).click();
      await page.getByRole("heading", { level: 1, name: /^Move / }).waitFor();
      await browser.checkPage("confirm moving half");
      await page.getByRole("button", { name: "Move installations" }).click();
      await page.getByRole("heading", { level: 1 }).waitFor();
      // The upgrade may be done in the background: the installation's page is watched until it shows the result.
      const path = `${test.url}/marketplace/installations/${own.id}`;
      const upgrade = page.locator("#upgrade-action");
      const deadline = Date.now() + 30_000;
      for (;;) {
        await page.goto(path);
        if ((await upgrade.count()) > 0) break;
        if (Date.now() > deadline) throw new Error("the upgrade's mark never showed on the installation's page");
        await page.waitForTimeout(500);
      }
      expect(await upgrade.innerText()).toMatch(
        /^action needed stays on version 1, not moved to version 2: .*workspace_id/,
      );
      await browser.checkPage("installation action needed");
      // Half of four, oldest first: the author's and the next organization's are marked; the others were not tried.
      expect((await installation(second.id, second.token)).action_needed?.missing_credentials).toEqual([
        "workspace_id",
      ]);
      expect((await installation(third.id, third.token)).action_needed).toBeNull();
      await page.goto(`${test.url}/marketplace`);
      const row = page.getByRole("row").filter({ hasText: own.id });
      await row.getByRole("link", { name: /give the credentials a new version needs/ }).waitFor();
      await browser.checkPage("marketplace action needed");
      await row.getByRole("link", { name: /give the credentials a new version needs/ }).click();
      const credentials = page.getByRole("region", { name: "Credentials" });
      await credentials.getByText("moves to version 2 once they are accepted").waitFor();
      await credentials.getByLabel(/^Workspace/).fill("W-1");
      await credentials.getByRole("button", { name: "Verify and save credentials" }).click();
      await page.getByRole("heading", { name: "Webhook installation", level: 1 }).waitFor();
      await see(page, "2 (the App's published version is 2); moved from version 1 by the App's author");
      expect(await page.locator("#upgrade-action").count()).toBe(0);
      await browser.checkPage("installation moved by its credential");
      const after = await installation(own.id, own.token);
      expect(after).toMatchObject({
        id: before.id,
        inbound_url: before.inbound_url,
        app_version: 2,
        action_needed: null,
      });
    }, 120_000);

    it("still takes an inbound event at the same URL, signed as the platform signs it", async () => {
      const [own] = installations;
      if (own === undefined) throw new Error("no installation");
      const { inbound_url: url } = await installation(own.id, own.token);
      const body = JSON.stringify({ type: "ticket.created", sender: "ana@example.com", message: "after the upgrade" });
      const headers = SIGNATURE_SCHEMES["standard-webhooks"].sign({ secret: GOOD_SECRET, body: Buffer.from(body) });
      const posted = await fetch(url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body,
      });
      expect(posted.status, await posted.clone().text()).toBeLessThan(300);
      await page.goto(`${test.url}/marketplace/installations/${own.id}`);
      const events = page.getByRole("table", { name: "Inbound events, newest first" });
      expect(await events.getByRole("row").nth(1).innerText()).toMatch(
        /\b(accepted|unmatched)\s+ticket\.created\s+ana@example\.com/,
      );
      await browser.checkPage("inbound event after the upgrade");
    });
  },
);
