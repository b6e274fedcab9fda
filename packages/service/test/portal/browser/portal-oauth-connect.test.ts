import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { startTasksApp, type TasksApp } from "../../helpers/tasks-app.ts";
import { createTenant, startTestService, type TestService } from "../../helpers/test-service.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { see, signIn } from "./portal-steps.ts";

const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");

// A6, A14: Connect walked as a person does it, through the provider's redirects in a real browser (the HTTP test,
// portal-oauth.test.ts, follows them by hand), with the screenshots and axe checks of every page on the way.
describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal walk in Chromium: Connect an OAuth App, come back from the provider, install ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let test: TestService;
    let tasksApp: TasksApp;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      test = await startTestService(SQLITE, { healthPolling: false, oauthRefresher: false });
      const tenant = await createTenant(test, "acme");
      tasksApp = await startTasksApp(test, "acme", { accessTokenTtlSeconds: 3600 });
      await test.service.apps.publish("tasks");
      browser = await openBrowserSession("portal-oauth-connect");
      page = browser.page;
      await signIn(browser, test.url, tenant.token);
    });
    afterAll(async () => {
      await browser?.close();
      await test?.close();
      await tasksApp?.close();
    });

    it("offers Connect on the App's marketplace page", async () => {
      await page.getByRole("link", { name: "Marketplace" }).click();
      await page.getByRole("link", { name: /^Install Tasks/ }).click();
      await page.getByRole("heading", { name: "Connect an account" }).waitFor();
      await browser.checkPage("install page with connect");
    });

    it("goes to the provider and back to a page that leads on to the install", async () => {
      await page.getByLabel("OAuth client id").fill(tasksApp.tasks.credentials.client_id);
      await page.getByLabel("OAuth client secret").fill(tasksApp.tasks.credentials.client_secret);
      await page.getByRole("button", { name: "Connect" }).click();
      // The stand-in approves at once and redirects to the service's /oauth/callback, which the browser follows.
      const onward = page.getByRole("link", { name: "Continue to install tasks" });
      await onward.waitFor();
      expect(new URL(page.url()).pathname).toBe("/oauth/callback");
      await browser.checkPage("back from the provider");
      await onward.click();
      await page.getByRole("heading", { name: "Connect an account" }).waitFor();
    });

    it("installs with the connected account and lists the installation", async () => {
      await page.getByRole("button", { name: "Install", exact: true }).click();
      // Install lands on the new installation's own page, which the marketplace then lists.
      await see(page, "Installed.");
      await page.getByRole("heading", { name: "Tasks installation", level: 1 }).waitFor();
      await browser.checkPage("installed");
      await page.getByRole("link", { name: "Marketplace" }).click();
      expect(await page.getByRole("link", { name: /^tasks installation inst_/ }).count()).toBeGreaterThan(0);
      const installations = await test.service.apps.installations({ organization: "acme" });
      expect(installations.map((installation) => installation.app)).toEqual(["tasks"]);
    });
  },
);
