import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCallbackTables } from "../../src/callbacks/callback-tables.ts";
import { withFrontDeskTables } from "../../src/front-desk/front-desk-tables.ts";
import { withAttemptTables } from "../../src/outbound-records/attempt-tables.ts";
import { type CallbackReceiver, eventually, startCallbackReceiver } from "../callbacks/callback-receiver.ts";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "../helpers/test-service.ts";
import { HOSTILE } from "./hostile-adapter.ts";

const FAIL = [{ name: "boom", action: "fail", params: { message: "stage exploded" } }];
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;";

/** The Resend form's action and key for a delivery on a page. */
function resendForm(html: string, action: string): { key: string } | undefined {
  const at = html.indexOf(`action="${action}"`);
  if (at < 0) return undefined;
  const key = /name="key" value="([^"]+)"/.exec(html.slice(at))?.[1];
  return key === undefined ? undefined : { key };
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`portal: a run's callbacks with their attempts and Resend (D516) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let receiver: CallbackReceiver;
    let client: PortalBrowser;

    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      test = await startTestService(lane, { callbacks: { pollIntervalMs: 20, timeoutMs: 2000, retryDelaysMs: [0] } });
      acme = await createTenant(test, "acme");
      client = new PortalBrowser(test.url);
      await client.signIn(acme.token);
    });
    afterAll(async () => {
      await test?.close();
      await receiver?.close();
    });

    const deliveries = (runId: number) =>
      withCallbackTables(test.service.store.db)
        .selectFrom("callback_deliveries")
        .selectAll()
        .where("workflow_run_id", "=", runId)
        .orderBy("id")
        .execute();
    /** A run whose one callback the receiver refused twice, with markup in its answer: dead. */
    const deadRun = async () => {
      receiver.answer(500);
      receiver.answerBody(`{"error":"${HOSTILE}"}`);
      const { id } = await createWorkflow(test, acme.token, { stages: FAIL, callback_url: receiver.url });
      const response = await test.call("/api/v1/trigger", { token: acme.token, json: { workflow_id: id } });
      const { workflow_run_id: runId } = (await response.json()) as { workflow_run_id: number };
      await waitForRun(test, acme.token, runId);
      await eventually(
        () => deliveries(runId),
        (rows) => rows[0]?.status === "dead",
      );
      receiver.answerBody("");
      return runId;
    };

    it("shows the run's callback with each attempt's status, its answer escaped, and a Resend button", async () => {
      const runId = await deadRun();
      const page = await client.get(`/developer/runs/${runId}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('<span class="badge state-dead">dead</span>');
      expect(page.html.match(/<td>HTTP 500<\/td>/g)).toHaveLength(2);
      expect(page.html).toContain(ESCAPED);
      expect(page.html).not.toContain("<script>alert(1)</script>");
      // D594: the relative time, with the exact one and its zone in the title and the machine-readable datetime.
      expect(page.html).toMatch(
        /<td><time datetime="\d{4}-\d\d-\d\dT[^"]+Z" title="\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC">(just now|\d+ (s|min|h) ago)<\/time><\/td>/,
      );
      const [row] = await deliveries(runId);
      expect(resendForm(page.html, `/developer/runs/${runId}/callbacks/${row?.id}/resend`)).toBeDefined();
    });

    it("resends a dead callback from the page, once for a form sent twice, and it is delivered", async () => {
      const runId = await deadRun();
      const [row] = await deliveries(runId);
      const action = `/developer/runs/${runId}/callbacks/${row?.id}/resend`;
      const form = resendForm((await client.get(`/developer/runs/${runId}`)).html, action);
      receiver.answer(200);
      const first = await client.post(action, { key: form?.key ?? "" });
      expect(first.status).toBe(303);
      expect(first.location).toMatch(new RegExp(`^/developer/runs/${runId}\\?resent=\\d+#callbacks-heading$`));
      const second = await client.post(action, { key: form?.key ?? "" });
      expect(second.location).toBe(first.location);
      const rows = await eventually(
        () => deliveries(runId),
        (list) => list.length === 2 && list[1]?.status === "delivered",
      );
      expect(rows[1]?.resent_from).toBe(row?.id);
      const page = await client.get(first.location ?? "");
      expect(page.html).toContain('<p class="notice" role="status">Callback delivery');
      expect(page.html).toContain('<span class="badge state-delivered">delivered</span>');
    });

    it("refuses a forged resend and a pending one, and shows another organization nothing", async () => {
      const runId = await deadRun();
      const [row] = await deliveries(runId);
      const action = `/developer/runs/${runId}/callbacks/${row?.id}/resend`;
      expect((await client.post(action, {}, null)).status).toBe(403);
      expect((await client.post(action, {}, "forged-token")).status).toBe(403);
      expect(await deliveries(runId)).toHaveLength(1);
      expect((await client.post(action, { key: "has space" })).status).toBe(400);
      const stranger = new PortalBrowser(test.url);
      await stranger.signIn((await createTenant(test, "other")).token);
      expect((await stranger.get(`/developer/runs/${runId}`)).status).toBe(404);
      expect((await stranger.post(action, {})).status).toBe(404);
      expect(await deliveries(runId)).toHaveLength(1);
      receiver.answer("hang");
      const pending = await client.post(action, {});
      expect(pending.status).toBe(303);
      const pendingId = (await deliveries(runId))[1]?.id;
      const refused = await client.post(`/developer/runs/${runId}/callbacks/${pendingId}/resend`, {});
      expect(refused.status).toBe(409);
      expect(refused.html).toContain("it is still pending");
      receiver.answer(200);
    });
  });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `portal: an installation's replies with their attempts and Resend (D516) ${lane.title}`,
    () => {
      let world: InboundWorld;
      let client: PortalBrowser;
      let path: string;

      beforeAll(async () => {
        world = await startInboundWorld(lane, { deliveries: { pollIntervalMs: 20 } });
        expect(await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`)).toBe(true);
        client = new PortalBrowser(world.test.url);
        await client.signIn(world.tenant.token);
        path = `/marketplace/installations/${world.installations.chat.id}`;
      });
      afterAll(async () => world?.close());

      /** A dead reply with one failed attempt whose answer carries markup, as the dispatcher leaves one. */
      const deadReply = async () => {
        const at = new Date().toISOString();
        const row = await withFrontDeskTables(world.test.service.store.db)
          .insertInto("deliveries")
          .values({
            installation_id: world.installations.chat.id,
            contact_id: null,
            inbound_event_id: null,
            channel_address: "U0PORTAL",
            thread_id: null,
            text: "sent again from the portal",
            status: "dead",
            attempts: 1,
            next_attempt_at: at,
            message_id: null,
            last_error: "platform down",
            created_at: at,
            delivered_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await withAttemptTables(world.test.service.store.db)
          .insertInto("reply_attempts")
          .values({
            delivery_id: row.id,
            attempt: 1,
            started_at: at,
            latency_ms: 12,
            http_status: 200,
            error_class: "adapter_refused",
            error: `refused ${HOSTILE}`,
            excerpt: `{"ok":false,"error":"${HOSTILE}"}`,
            excerpt_truncated: 0,
            next_attempt_at: null,
            outcome: "dead",
          })
          .execute();
        return row.id;
      };
      const replies = () =>
        withFrontDeskTables(world.test.service.store.db).selectFrom("deliveries").selectAll().orderBy("id").execute();

      it("shows a reply's attempts escaped, and resends a dead one that is then delivered", async () => {
        const id = await deadReply();
        const page = await client.get(path);
        expect(page.status).toBe(200);
        expect(page.html).toContain("<td>HTTP 200, adapter refused<br><small>refused &lt;script&gt;");
        expect(page.html).toContain(ESCAPED);
        expect(page.html).not.toContain("<script>alert(1)</script>");
        const action = `${path}/replies/${id}/resend`;
        const form = resendForm(page.html, action);
        expect(form).toBeDefined();
        const before = world.chat.messages().length;
        const resent = await client.post(action, { key: form?.key ?? "" });
        expect(resent.status).toBe(303);
        expect((await client.post(action, { key: form?.key ?? "" })).location).toBe(resent.location);
        await eventually(
          () => world.chat.messages().length,
          (count) => count === before + 1,
        );
        expect(world.chat.messages().at(-1)?.text).toContain("sent again from the portal");
        expect((await replies()).filter((reply) => reply.resent_from === id)).toHaveLength(1);
        const after = await client.get(resent.location ?? "");
        expect(after.html).toContain('role="status">Reply');
      });

      it("refuses a forged resend, and another organization gets 404", async () => {
        const id = await deadReply();
        const action = `${path}/replies/${id}/resend`;
        await client.get(path);
        expect((await client.post(action, {}, null)).status).toBe(403);
        const stranger = new PortalBrowser(world.test.url);
        await stranger.signIn((await createTenant(world.test, "other")).token);
        expect((await stranger.post(action, {})).status).toBe(404);
        expect((await replies()).filter((reply) => reply.resent_from === id)).toHaveLength(0);
      });
    },
  );
}
