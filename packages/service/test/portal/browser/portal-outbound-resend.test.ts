import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCallbackTables } from "../../../src/callbacks/callback-tables.ts";
import { withFrontDeskTables } from "../../../src/front-desk/front-desk-tables.ts";
import { type CallbackReceiver, eventually, startCallbackReceiver } from "../../callbacks/callback-receiver.ts";
import { type InboundWorld, inboundPath, startInboundWorld } from "../../helpers/inbound-world.ts";
import { STORE_LANES } from "../../helpers/store-lanes.ts";
import { createWorkflow, waitForRun } from "../../helpers/test-service.ts";
import { HOSTILE } from "../hostile-adapter.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";
import { signIn } from "./portal-steps.ts";

const SQLITE = STORE_LANES[0];
if (SQLITE === undefined) throw new Error("no SQLite lane");
const FAIL = [{ name: "boom", action: "fail", params: { message: "stage exploded" } }];

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `portal in Chromium: a dead callback and a dead reply resent from their pages (D516) ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let world: InboundWorld;
    let receiver: CallbackReceiver;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      world = await startInboundWorld(SQLITE, {
        callbacks: { pollIntervalMs: 20, timeoutMs: 2000, retryDelaysMs: [0] },
        deliveries: { pollIntervalMs: 20 },
      });
      expect(await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`)).toBe(true);
      browser = await openBrowserSession("portal-outbound-resend");
      page = browser.page;
      await signIn(browser, world.test.url, world.tenant.token);
    });
    afterAll(async () => {
      await browser?.close();
      await world?.close();
      await receiver?.close();
    });

    it("shows a dead callback's attempts on the run's page and delivers it after Resend", async () => {
      receiver.answer(500);
      receiver.answerBody(`{"error":"${HOSTILE}"}`);
      const { id } = await createWorkflow(world.test, world.tenant.token, { stages: FAIL, callback_url: receiver.url });
      const started = await world.test.call("/api/v1/trigger", {
        token: world.tenant.token,
        json: { workflow_id: id },
      });
      const { workflow_run_id: runId } = (await started.json()) as { workflow_run_id: number };
      await waitForRun(world.test, world.tenant.token, runId);
      const rows = () =>
        withCallbackTables(world.test.service.store.db)
          .selectFrom("callback_deliveries")
          .selectAll()
          .where("workflow_run_id", "=", runId)
          .orderBy("id")
          .execute();
      const [dead] = await eventually(rows, (list) => list[0]?.status === "dead");
      await page.goto(`${world.test.url}/developer/runs/${runId}`);
      await page.getByRole("heading", { name: `Workflow run ${runId}`, level: 1 }).waitFor();
      await page.getByText("2 attempts").click();
      await page.getByText(HOSTILE.slice(0, 20), { exact: false }).first().waitFor();
      await browser.checkPage("run-dead-callback");
      receiver.answer(200);
      await page.getByRole("button", { name: `Resend callback delivery ${dead?.id}` }).click();
      await page.getByRole("status").filter({ hasText: "is on its way" }).waitFor();
      await eventually(rows, (list) => list[1]?.status === "delivered");
      await page.reload();
      await page.locator(".badge.state-delivered").first().waitFor();
      await browser.checkPage("run-resent-callback");
    });

    it("shows a dead reply's attempts on the installation's page and delivers it after Resend", async () => {
      const at = new Date().toISOString();
      const reply = await withFrontDeskTables(world.test.service.store.db)
        .insertInto("deliveries")
        .values({
          installation_id: world.installations.chat.id,
          contact_id: null,
          inbound_event_id: null,
          channel_address: "U0BROWSER",
          thread_id: null,
          text: "resent in Chromium",
          status: "dead",
          next_attempt_at: at,
          message_id: null,
          last_error: HOSTILE,
          created_at: at,
          delivered_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await page.goto(`${world.test.url}/marketplace/installations/${world.installations.chat.id}#deliveries-heading`);
      await page.getByRole("heading", { name: "Deliveries" }).waitFor();
      await browser.checkPage("installation-dead-reply");
      const before = world.chat.messages().length;
      await page.getByRole("button", { name: `Resend reply ${reply.id}` }).click();
      await page.getByRole("status").filter({ hasText: "is on its way" }).waitFor();
      await eventually(
        () => world.chat.messages().length,
        (count) => count === before + 1,
      );
      expect(world.chat.messages().at(-1)?.text).toContain("resent in Chromium");
      await page.reload();
      await page.getByText("1 attempt", { exact: true }).first().click();
      await browser.checkPage("installation-resent-reply");
    });
  },
);
