import { followAuthorization, type TasksStandIn } from "@adapterkit/adapter-tasks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { startTasksApp, type TasksApp } from "../helpers/tasks-app.ts";
import { createTenant, startTestService, type TestService } from "../helpers/test-service.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `Connect and Install an OAuth App from the marketplace page (A6, A14) ${lane.title}`,
    () => {
      let tasks: TasksStandIn;
      let tasksApp: TasksApp;
      let test: TestService;
      let client: PortalBrowser;

      beforeAll(async () => {
        test = await startTestService(lane, { healthPolling: false, oauthRefresher: false });
        const tenant = await createTenant(test, "acme");
        tasksApp = await startTasksApp(test, "acme", { accessTokenTtlSeconds: 3600 });
        tasks = tasksApp.tasks;
        client = new PortalBrowser(test.url);
        await client.signIn(tenant.token);
      });
      afterAll(async () => {
        await test?.close();
        await tasksApp?.close();
      });

      it("offers Connect instead of typed OAuth fields, and says what is missing when the client is not given", async () => {
        const page = await client.get("/marketplace/apps/tasks");
        expect(page.status).toBe(200);
        expect(page.html).toContain('<button type="submit">Connect</button>');
        // D351: forms post to the portal, and Connect's answer may send the browser on to the provider only.
        const providerOrigin = new URL(tasks.authorizeUrl).origin;
        expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${providerOrigin};`);
        expect(page.html).not.toContain('name="cred_0_');
        const missing = await client.post("/marketplace/apps/tasks/connect", {});
        expect(missing.status).toBe(400);
        expect(missing.html).toContain("client_id: required");
      });

      it("sends the browser to the provider, and installs once the callback stored the tokens", async () => {
        const started = await client.post("/marketplace/apps/tasks/connect", tasks.credentials);
        expect(started.status).toBe(303);
        const authorize = new URL(started.location ?? "");
        expect(authorize.origin + authorize.pathname).toBe(tasks.authorizeUrl);
        expect(authorize.searchParams.get("redirect_uri")).toBe(`${test.url}/oauth/callback`);
        const callback = await followAuthorization(authorize.href);
        // D258: a browser lands on a page that leads back to the install page, not on JSON.
        const html = { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" };
        const landed = await fetch(callback, { headers: html });
        expect(landed.status).toBe(200);
        expect(landed.headers.get("content-type")).toMatch(/^text\/html/);
        expect(landed.headers.get("content-security-policy")).toContain("script-src 'none'");
        expect(await landed.text()).toContain('<a href="/marketplace/apps/tasks">Continue to install tasks</a>');
        const again = await fetch(callback, { headers: html });
        expect(again.status).toBe(400);
        expect(await again.text()).toContain("<h1>Not connected</h1>");
        const installed = await client.post("/marketplace/apps/tasks/install", {});
        expect(installed.status).toBe(303);
        // A redirect carries the same policy as a page (found by fuzz-portal: a successful install had none).
        expect(installed.headers.get("content-security-policy")).toContain("default-src 'none'");
        // Install lands on the new installation's own page; the marketplace lists it.
        const landed2 = await client.get(installed.location ?? "");
        expect(landed2.html).toContain("Installed.");
        expect(landed2.html).toContain("<h1>Tasks installation</h1>");
        const market = await client.get("/marketplace");
        expect(market.html).toMatch(
          /<td><a href="\/marketplace\/installations\/[^"]+">tasks<span class="visually-hidden">/,
        );
      });
    },
  );
}
