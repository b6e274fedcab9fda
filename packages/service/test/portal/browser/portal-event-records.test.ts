import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppEventTrigger, type InboundWorld, startInboundWorld } from "../../helpers/inbound-world.ts";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { createWorkflow } from "../../helpers/test-service.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { see, signIn } from "./portal-steps.ts";

const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");
const fixturesOf = (adapter: string) =>
  readFileSync(new URL(`../../../../../adapters/${adapter}/conformance.fixtures.json`, import.meta.url), "utf8");

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal in Chromium: an inbound event's page, the log's filter and Resend to triggers ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let world: InboundWorld;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      world = await startInboundWorld(SQLITE, { deliveries: false, worker: false });
      const put = await world.test.call("/api/v1/apps/chat/fixtures", {
        token: world.tenant.token,
        method: "PUT",
        body: fixturesOf("chat"),
      });
      expect(put.status).toBe(200);
      const workflow = await createWorkflow(world.test, world.tenant.token);
      await createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.chat.id,
        target_stage: "echo",
      });
      browser = await openBrowserSession("portal-event-records");
      page = browser.page;
    });
    afterAll(async () => {
      await browser?.close();
      await world?.close();
    });

    it("sends a test event, opens it from the log, reads what arrived and resends it to the triggers", async () => {
      await signIn(browser, world.test.url, world.tenant.token);
      await page.goto(`${world.test.url}/marketplace/installations/${world.installations.chat.id}`);
      await page.getByRole("button", { name: "Send a test event" }).click();
      await see(page, /^The test event went through the inbound pipeline/);
      const log = page.getByRole("table", { name: /^Inbound events/ });
      const first = log.getByRole("row").nth(1);
      expect(await first.innerText()).toContain("Test event sent from the adapterkit portal");
      await first.getByRole("link").first().click();
      await page.getByRole("heading", { name: /^Event \d+ of Chat$/, level: 1 }).waitFor();
      const summary = page.getByRole("region", { name: "Summary" });
      expect(await summary.innerText()).toMatch(/Event type\s+message\.received/);
      expect(await page.getByLabel("Message text").innerText()).toContain("Test event sent from the adapterkit portal");
      const headers = page.getByRole("table", { name: "Headers" });
      expect(await headers.getByRole("row", { name: /x-slack-signature/ }).innerText()).toContain("[redacted]");
      expect(await page.getByLabel("Request body").innerText()).toContain('"type":"event_callback"');
      const calls = page.getByRole("table", { name: /^Calls the service made/ });
      expect(await calls.getByRole("row").count()).toBeGreaterThan(1);
      await browser.checkPage("event page");
      await page.getByRole("button", { name: "Resend to triggers" }).click();
      await see(page, "Resent to triggers: this is the new event.");
      expect(await page.getByRole("region", { name: "Summary" }).innerText()).toMatch(/Replay of\s+event \d+/);
      expect(await page.getByRole("region", { name: "Request as it arrived" }).innerText()).toContain(
        "Nothing arrived: this event resent a stored message.",
      );
      await browser.checkPage("replayed event page");
    });

    it("filters the installation's log by outcome and sender", async () => {
      await page.goto(`${world.test.url}/marketplace/installations/${world.installations.chat.id}`);
      const filter = page.getByRole("form", { name: "Filter the events" });
      await filter.getByLabel("Outcome").selectOption("accepted");
      await filter.getByRole("button", { name: "Filter" }).click();
      await page.getByRole("link", { name: "Show every event" }).waitFor();
      const rows = page.getByRole("table", { name: /filtered$/ }).getByRole("row");
      expect(await rows.count()).toBe(3);
      await browser.checkPage("filtered log");
      await filter.getByLabel("Sender").fill("nobody-sent-this");
      await filter.getByRole("button", { name: "Filter" }).click();
      await see(page, "No inbound events match the filter.");
      await browser.checkPage("empty filtered log");
    });
  },
);
