import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../../helpers/test-service.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { startWebhookAuthorAdapter, type WebhookAuthorAdapter } from "./webhook-author-adapter.ts";

const GOOD_SECRET = "whsec_Y29uZm9ybWFuY2Utd2ViaG9vay1nb29kLWtleQ==";
const BAD_SECRET = "whsec_#bad-key#";
const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");

/** Waits for the text to show on the page (Playwright retries until its timeout). */
const see = (page: Page, text: string | RegExp, timeout?: number) =>
  page
    .getByText(text)
    .first()
    .waitFor(timeout === undefined ? {} : { timeout });

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal walk in Chromium: the webhook adapter from its URL to an installation ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let test: TestService;
    let adapter: WebhookAuthorAdapter;
    let author: Tenant;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      adapter = await startWebhookAuthorAdapter();
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
      expect(await page.getByRole("definition").allInnerTexts()).toContain("draft");
      await browser.checkPage("app draft");
    });

    it("shows the adapter's error for bad credentials on Verify, and ok for good ones", async () => {
      await page.getByLabel("Inbound signing secret").fill(BAD_SECRET);
      await page.getByRole("button", { name: "Verify" }).click();
      const result = page.getByRole("region", { name: "Verify" }).getByRole("status");
      await result.waitFor();
      expect(await result.getAttribute("class")).toContain("field-error");
      await browser.checkPage("verify refused");
      await page.getByLabel("Inbound signing secret").fill(GOOD_SECRET);
      await page.getByRole("button", { name: "Verify" }).click();
      await see(page, /Standard Webhooks endpoint/);
      expect(await result.getAttribute("class")).toBe("ok");
      await browser.checkPage("verify ok");
    });

    it("answers an unknown App with an error page that leads back", async () => {
      await page.goto(`${test.url}/developer/apps/no-such-app`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await browser.checkPage("error not found");
    });
  },
);
