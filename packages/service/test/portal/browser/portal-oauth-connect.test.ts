import { createTasksAdapter, startTasksStandIn, type TasksStandIn } from "@adapterkit/adapter-tasks";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
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
    let tasks: TasksStandIn;
    let adapter: StartedAdapter<ReturnType<typeof createTasksAdapter>["manifest"]>;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      test = await startTestService(SQLITE, { healthPolling: false, oauthRefresher: false });
      tasks = await startTasksStandIn({ redirectUris: [`${test.url}/oauth/callback`], accessTokenTtlSeconds: 3600 });
      adapter = await startAdapter(createTasksAdapter(tasks.url), { shutdownTimeoutMs: 100 });
      const tenant = await createTenant(test, "acme");
      await test.service.apps.register(
        { organization: "acme", project: "main" },
        adapter.url.replace("localhost", "127.0.0.1"),
      );
      await test.service.apps.publish("tasks");
      browser = await openBrowserSession("portal-oauth-connect");
      page = browser.page;
      await signIn(browser, test.url, tenant.token);
    });
    afterAll(async () => {
      await browser?.close();
      await test?.close();
      await adapter?.close();
      await tasks?.close();
    });

    it("offers Connect on the App's marketplace page", async () => {
      await page.getByRole("link", { name: "Marketplace" }).click();
      await page.getByRole("link", { name: /^Install Tasks/ }).click();
      await page.getByRole("heading", { name: "Connect an account" }).waitFor();
      await browser.checkPage("install page with connect");
    });

    it("goes to the provider and back to a page that leads on to the install", async () => {
      await page.getByLabel("OAuth client id").fill(tasks.credentials.client_id);
      await page.getByLabel("OAuth client secret").fill(tasks.credentials.client_secret);
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
      await see(page, "Installed.");
      expect(await page.getByRole("cell", { name: "tasks", exact: true }).count()).toBeGreaterThan(0);
      await browser.checkPage("installed");
      const installations = await test.service.apps.installations({ organization: "acme" });
      expect(installations.map((installation) => installation.app)).toEqual(["tasks"]);
    });
  },
);
