import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFrontDeskTables } from "../../../src/front-desk/front-desk-tables.ts";
import { withInboundTables } from "../../../src/inbound/inbound-tables.ts";
import { type InboundWorld, startInboundWorld } from "../../helpers/inbound-world.ts";
import { plantReview } from "../../helpers/plant-review.ts";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { see, signIn } from "./portal-steps.ts";

const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");
const NARROW = { width: 390, height: 844 };
const fixturesOf = (adapter: string) =>
  readFileSync(new URL(`../../../../../adapters/${adapter}/conformance.fixtures.json`, import.meta.url), "utf8");
// What a platform may put in a sender or an address: one long word with nowhere to break.
const LONG_WORD = `${"x".repeat(120)}@example.com`;

/**
 * Runs in the page: every word of every button's label that the browser broke over two lines (a word's range has
 * client rectangles at more than one height), as "label: word".
 */
const BROKEN_BUTTON_WORDS = `(() => {
  const broken = [];
  for (const button of document.querySelectorAll("button, .button")) {
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(button.textContent.trim().replace(/\\s+/g, " ") + ": " + match[0]);
      }
    }
  }
  return broken;
})()`;

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal in Chromium: the installation page's checks and paging, and every page at 390 px ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let world: InboundWorld;
    let browser: BrowserSession;
    let page: Page;
    let chatPath: string;
    let reviewPath: string;

    /** At 390 px: no sideways scroll, no button label broken inside a word, and axe clean (checkPage). */
    async function checkNarrow(step: string): Promise<void> {
      await page.getByRole("heading", { level: 1 }).waitFor();
      const width = await page.evaluate("document.documentElement.scrollWidth");
      expect(width, `${step} (${page.url()}) scrolls sideways`).toBeLessThanOrEqual(NARROW.width);
      expect(await page.evaluate(BROKEN_BUTTON_WORDS), `${step}: button words broken over two lines`).toEqual([]);
      await browser.checkPage(`${step} at 390 px`);
    }

    beforeAll(async () => {
      world = await startInboundWorld(SQLITE, { deliveries: false });
      const token = world.tenant.token;
      const put = (slug: string, text: string) =>
        world.test.call(`/api/v1/apps/${slug}/fixtures`, { token, method: "PUT", body: text });
      expect((await put("chat", fixturesOf("chat"))).status).toBe(200);
      expect((await put("webhook", fixturesOf("webhook"))).status).toBe(200);
      reviewPath = `/developer/apps/chat/reviews/${await plantReview(world.test.service, "chat")}`;
      const chat = world.installations.chat.id;
      chatPath = `/marketplace/installations/${chat}`;
      // Recent: the inbound log keeps a retention window, and older rows are pruned when the next event comes.
      const at = (index: number) => new Date(Date.now() - (60 - index) * 1000).toISOString();
      await withInboundTables(world.test.service.store.db)
        .insertInto("inbound_events")
        .values(
          Array.from({ length: 25 }, (_, index) => ({
            installation_id: chat,
            received_at: at(index),
            outcome: index % 3 === 0 ? ("rejected_signature" as const) : ("unmatched" as const),
            event_type: "message.received",
            sender: LONG_WORD,
            dedup_key: null,
            thread_id: null,
            workflow_run_ids: null,
            detail: index % 3 === 0 ? `signature refused: ${LONG_WORD}` : null,
          })),
        )
        .execute();
      await withFrontDeskTables(world.test.service.store.db)
        .insertInto("deliveries")
        .values(
          Array.from({ length: 25 }, (_, index) => ({
            installation_id: chat,
            contact_id: null,
            inbound_event_id: null,
            channel_address: LONG_WORD,
            thread_id: null,
            text: "reply",
            status: index % 4 === 0 ? ("dead" as const) : ("delivered" as const),
            attempts: index % 4 === 0 ? 8 : 1,
            next_attempt_at: at(index),
            message_id: null,
            last_error: index % 4 === 0 ? `the platform answered 500: ${LONG_WORD}` : null,
            created_at: at(index),
            delivered_at: index % 4 === 0 ? null : at(index),
          })),
        )
        .execute();
      browser = await openBrowserSession("portal-narrow-screen");
      page = browser.page;
    });
    afterAll(async () => {
      await browser?.close();
      await world?.close();
    });

    it("checks the inbound URL's handshake from the installation's page and pages its deliveries", async () => {
      await signIn(browser, world.test.url, world.tenant.token);
      await page.goto(`${world.test.url}${chatPath}`);
      await page.getByRole("heading", { name: "Chat installation", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Check the handshake" }).click();
      const result = page.getByRole("region", { name: "Check the inbound URL" }).getByRole("status");
      expect(await result.innerText()).toMatch(/^passed Handshake sample “?url verification”?: answered\./);
      expect(await result.innerText()).toMatch(/The inbound URL answers the platform chal[\w-]{16}\./);
      await browser.checkPage("handshake answered");
      await page.getByRole("link", { name: "Older deliveries" }).click();
      await page.getByRole("link", { name: "Newest deliveries" }).waitFor();
      const deliveries = page.getByRole("table", { name: /^Front-desk replies/ });
      expect(await deliveries.getByRole("row").count()).toBe(6);
      await browser.checkPage("deliveries page 2");
      await page.goto(`${world.test.url}/marketplace/installations/${world.installations.webhook.id}`);
      const reason = page.getByText("The App's fixtures have no handshake sample");
      await reason.waitFor();
      expect(await page.getByRole("button", { name: "Check the handshake" }).isDisabled()).toBe(true);
      await browser.checkPage("handshake without a sample");
    });

    it("fits every portal page on a 390 px screen, with no button label broken inside a word", async () => {
      const base = world.test.url;
      await page.setViewportSize(NARROW);
      await page.goto(`${base}/developer/apps`);
      await checkNarrow("apps list");
      await page.goto(`${base}/developer/new-app`);
      await checkNarrow("new app");
      await page.getByLabel("Adapter base URL").fill(world.adapters.webhook);
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("heading", { name: /^Preview of / }).waitFor();
      await checkNarrow("preview");
      await page.goto(`${base}/developer/apps/chat`);
      await checkNarrow("app page");
      await page.getByRole("button", { name: "Rotate signing secret" }).click();
      await page.getByRole("heading", { name: /^Rotate the signing secret/, level: 1 }).waitFor();
      await checkNarrow("confirm rotate");
      await page.goto(`${base}${reviewPath}`);
      await checkNarrow("review report");
      await page.goto(`${base}/marketplace`);
      await checkNarrow("marketplace");
      await page.goto(`${base}/marketplace/apps/chat`);
      await checkNarrow("install form");
      await page.goto(`${base}${chatPath}`);
      await checkNarrow("installation");
      await page.getByRole("button", { name: "Check the handshake" }).click();
      await see(page, /: answered\./);
      await checkNarrow("installation handshake answered");
      await page.getByRole("button", { name: "Send a test event" }).click();
      await see(page, /^The test event went through the inbound pipeline/);
      await checkNarrow("installation test event");
      await page.getByRole("link", { name: "Older events" }).click();
      await page.getByRole("link", { name: "Newest events" }).waitFor();
      await checkNarrow("installation older events");
      await page.getByRole("button", { name: "Uninstall this installation" }).click();
      await page.getByRole("heading", { name: /^Uninstall /, level: 1 }).waitFor();
      await checkNarrow("confirm uninstall");
      await page.goto(`${base}/developer/apps/no-such-app`);
      await checkNarrow("error page");
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Sign in to the developer portal" }).waitFor();
      await checkNarrow("sign-in");
    }, 120_000);
  },
);
