import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { createTenant, startTestService, type TestService } from "../../helpers/test-service.ts";
import { HOSTILE, startHostileAdapter } from "../hostile-adapter.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { createDraft, signIn } from "./portal-steps.ts";

const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");
const NAME = `Hostile ${HOSTILE}`;

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal in Chromium: a manifest whose every text field is markup is shown as text ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let test: TestService;
    let adapter: Awaited<ReturnType<typeof startHostileAdapter>>;
    let browser: BrowserSession;
    let page: Page;
    const dialogs: string[] = [];

    beforeAll(async () => {
      adapter = await startHostileAdapter();
      test = await startTestService(SQLITE, { allowedHosts: ["127.0.0.1"], healthPolling: false });
      browser = await openBrowserSession("portal-hostile-manifest");
      page = browser.page;
      // alert(1) running would open a dialog; record it and close it so the page goes on.
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await signIn(browser, test.url, (await createTenant(test, "author")).token);
    });
    afterAll(async () => {
      await browser?.close();
      await test?.close();
      await adapter?.close();
    });

    it("previews and creates the App with its name, description and setup shown as the text they are", async () => {
      await createDraft(browser, adapter.baseUrl, NAME);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(NAME);
      const manifest = page.getByRole("region", { name: /^Manifest/ });
      expect(await manifest.locator("dt:text-is('description') + dd").innerText()).toBe(HOSTILE);
      expect(await page.getByLabel(HOSTILE, { exact: true }).count()).toBe(1);
      expect(await page.locator("main script").count()).toBe(0);
      await browser.checkPage("app page");
    });

    it("shows the adapter's own answer to Verify as text too", async () => {
      await page.getByLabel(HOSTILE, { exact: true }).fill("bad");
      await page.getByRole("button", { name: "Verify" }).click();
      const result = page.getByRole("region", { name: "Verify" }).getByRole("status");
      expect(await result.innerText()).toContain(HOSTILE);
      await browser.checkPage("verify refused");
    });

    it("shows the draft's install page (its author may install it) with every field as text, and ran no script", async () => {
      await page.goto(`${test.url}/marketplace/apps/hostile`);
      await page.getByRole("heading", { name: `Install ${NAME}`, level: 1 }).waitFor();
      expect(await page.getByRole("listitem").filter({ hasText: HOSTILE }).count()).toBeGreaterThan(0);
      await browser.checkPage("install page");
      expect(dialogs).toEqual([]);
    });
  },
);
