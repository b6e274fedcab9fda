import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokenWebhookAdapter } from "../../helpers/broken-adapter.ts";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { createTenant, startTestService, type TestService } from "../../helpers/test-service.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { appState, createDraft, see, signIn, watchUntilVerdict } from "./portal-steps.ts";
import { startWebhookAuthorAdapter, type WebhookAuthorAdapter } from "./webhook-author-adapter.ts";

const FIXTURES = fileURLToPath(new URL("../../../../../adapters/webhook/conformance.fixtures.json", import.meta.url));
const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");
// Each step below drives Chromium, and the review runs the whole suite against the adapter: on a loaded machine a
// step takes well over vitest's default 20 s, and watchUntilVerdict itself waits up to 90 s; each has 120 s.

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal walk in Chromium: a broken adapter's review fails and the App stays a draft ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let test: TestService;
    let adapter: WebhookAuthorAdapter;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      adapter = await startWebhookAuthorAdapter(brokenWebhookAdapter);
      test = await startTestService(SQLITE, { allowedHosts: ["127.0.0.1"], reviews: { pollMs: 200 } });
      browser = await openBrowserSession("portal-review-failure");
      page = browser.page;
      await signIn(browser, test.url, (await createTenant(test, "author")).token);
    });
    afterAll(async () => {
      await browser?.close();
      await test?.close();
      await adapter?.close();
    });

    it("registers the broken adapter, sets its signing secret and fixtures, and submits it for review", async () => {
      await createDraft(browser, adapter.url, "Broken webhook");
      await page.getByRole("button", { name: "Show signing secret" }).click();
      adapter.useSigningSecret(
        await page.getByRole("region", { name: "Signing secret" }).locator("code.secret").innerText(),
      );
      await page.getByLabel("Fixtures file").setInputFiles(FIXTURES);
      await page.getByRole("button", { name: "Upload fixtures" }).click();
      await see(page, "A fixtures file is stored");
      await page.getByRole("button", { name: "Submit for Review" }).click();
      await page.getByRole("heading", { name: /^Review \d+ of Broken webhook$/ }).waitFor();
    }, 120_000);

    it("shows the failed checks by group, each with expected and actual, JSON Pointer and the line that runs it again", async () => {
      expect(await watchUntilVerdict(page)).toBe("failed");
      await browser.checkPage("review failed");
      const group = page.getByRole("region", { name: "feedback-loop" });
      const failed = group.getByRole("listitem").filter({ hasText: /^Failed feedback-loop\./ });
      expect(await failed.count()).toBeGreaterThan(0);
      const first = failed.first();
      const terms = await first.getByRole("term").allInnerTexts();
      expect(terms).toEqual(expect.arrayContaining(["Expected", "Actual", "JSON Pointer"]));
      const expected = await first.locator("dt:text-is('Expected') + dd").first().innerText();
      const actual = await first.locator("dt:text-is('Actual') + dd").first().innerText();
      expect(expected).not.toBe(actual);
      expect(await first.locator("pre code").first().innerText()).toMatch(
        /^ADAPTER_SIGNING_SECRET=<your App.s signing secret> adapterkit conformance \S+ --only \S+ --fixtures <path to your fixtures file>$/,
      );
      await page.getByRole("link", { name: "Download the JSON report" }).waitFor();
    }, 120_000);

    it("keeps the App a draft and out of the marketplace", async () => {
      await page.getByRole("link", { name: "Back to Broken webhook" }).click();
      expect(await appState(page)).toBe("draft");
      await browser.checkPage("app still draft");
      await page.getByRole("link", { name: "Marketplace" }).click();
      await page.getByRole("heading", { name: "Marketplace", level: 1 }).waitFor();
      expect(await page.getByRole("link", { name: "Install Broken webhook" }).count()).toBe(0);
      await see(page, "No App is published yet.");
      await browser.checkPage("marketplace empty");
    }, 120_000);
  },
);
