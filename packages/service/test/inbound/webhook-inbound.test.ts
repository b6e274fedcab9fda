import { createAdapterClient } from "@adapterkit/client";
import { inboundEventPageSchema, triggerRunPageSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, waitForRun } from "../helpers/test-service.ts";

const STAGES = [
  { name: "receive", action: "echo" },
  { name: "handle", action: "echo" },
];

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`webhook inbound through a Standard Webhooks sender (A9, A10) ${lane.title}`, () => {
    let world: InboundWorld;
    let triggerId: number;
    let inboundUrl: string;

    beforeAll(async () => {
      world = await startInboundWorld(lane);
      inboundUrl = `${world.test.url}${inboundPath(world.installations.webhook)}`;
      const workflow = await createWorkflow(world.test, world.tenant.token, { stages: STAGES });
      const trigger = await createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.webhook.id,
        event_type: "order.created",
        target_stage: "handle",
        event_filter: { sender: ["shop", "till"], message_contains: "order" },
      });
      triggerId = trigger.id;
    });
    afterAll(async () => {
      await world?.close();
    });

    const api = (path: string) => world.test.call(path, { token: world.tenant.token });
    const triggerRuns = async () =>
      triggerRunPageSchema.parse(await (await api(`/api/v1/triggers/${triggerId}/runs`)).json());
    const lastEvent = async () =>
      inboundEventPageSchema.parse(
        await (await api(`/api/v1/installations/${world.installations.webhook.id}/events?limit=1`)).json(),
      ).items[0];
    const order = JSON.stringify({ type: "order.created", sender: "shop", message: "new order #7", total: 12 });

    it("starts exactly one run at the target stage with the event as input", async () => {
      const sent = await world.webhook.sender.post(inboundUrl, order);
      expect(sent.status).toBe(200);
      const answer = JSON.parse(sent.body) as { outcome: string; workflow_run_ids: number[] };
      expect(answer.outcome).toBe("accepted");
      const run = await waitForRun(world.test, world.tenant.token, answer.workflow_run_ids[0] ?? 0);
      expect(run).toMatchObject({ status: "completed", start_stage: "handle" });
      expect(run.input).toMatchObject({
        event_type: "order.created",
        sender: "shop",
        message: "new order #7",
        dedup_key: sent.id,
        metadata: { payload: { total: 12 } },
      });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("starts nothing new for a retry with the same webhook-id", async () => {
      const first = await lastEvent();
      const retry = await world.webhook.sender.post(inboundUrl, order, { id: first?.dedup_key ?? "" });
      expect(JSON.parse(retry.body)).toMatchObject({ outcome: "duplicate" });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("drops the App's own delivery when the receiving system posts it back", async () => {
      const client = createAdapterClient({
        baseUrl: world.adapters.webhook,
        signingSecret: world.adapters.secrets.get("webhook") ?? "",
      });
      const delivered = await client.deliver({
        credentials: world.webhook.credentials,
        channel_address: world.webhook.channelAddress,
        message: { text: "order shipped" },
      });
      await client.close();
      expect(delivered.ok).toBe(true);
      const echoed = world.webhook.deliveries().at(-1);
      const sent = await world.webhook.sender.post(inboundUrl, echoed?.body ?? "");
      expect(JSON.parse(sent.body)).toMatchObject({ outcome: "dropped_bot" });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("refuses a body signed with another secret, and records it", async () => {
      const forged = await world.webhook.sender.post(inboundUrl, order, {
        secret: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      });
      expect(forged.status).toBe(401);
      expect(await lastEvent()).toMatchObject({ outcome: "rejected_signature" });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("records unmatched when the filter does not pass, and when no trigger listens for the event type", async () => {
      const stranger = JSON.stringify({ type: "order.created", sender: "someone", message: "order" });
      expect(JSON.parse((await world.webhook.sender.post(inboundUrl, stranger)).body)).toMatchObject({
        outcome: "unmatched",
      });
      const otherType = JSON.stringify({ type: "order.deleted", sender: "shop", message: "order" });
      expect(JSON.parse((await world.webhook.sender.post(inboundUrl, otherType)).body)).toMatchObject({
        outcome: "unmatched",
      });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("sends bytes that are not UTF-8 to the adapter as base64, so their signature still verifies", async () => {
      const bytes = Buffer.from([0xff, 0xfe, 0x6f, 0x72, 0x64, 0x65, 0x72]);
      const sent = await world.webhook.sender.post(inboundUrl, bytes);
      expect(sent.status).toBe(200);
      expect(JSON.parse(sent.body)).toMatchObject({ outcome: "unmatched" });
    });

    it("stores an event whose fields carry NUL characters (PostgreSQL text refuses them) instead of failing", async () => {
      const body = JSON.stringify({ type: "order.created\u0000", sender: "shop\u0000", message: "order \u0000" });
      const sent = await world.webhook.sender.post(inboundUrl, body);
      expect(sent.status).toBe(200);
      expect(await lastEvent()).toMatchObject({ outcome: "unmatched", sender: "shop\uFFFD" });
    });

    it("fires no trigger while the front-desk toggle is on, and fires again once it is off", async () => {
      const toggle = (front_desk: boolean) =>
        world.test.call(`/api/v1/installations/${world.installations.webhook.id}`, {
          token: world.tenant.token,
          method: "PATCH",
          json: { front_desk },
        });
      expect((await toggle(true)).status).toBe(200);
      const fresh = JSON.stringify({ type: "order.created", sender: "till", message: "order #8" });
      // The front desk takes it instead (A11): no run starts.
      expect(JSON.parse((await world.webhook.sender.post(inboundUrl, fresh)).body)).toMatchObject({
        outcome: "accepted",
        workflow_run_ids: [],
      });
      expect((await triggerRuns()).items).toHaveLength(1);
      expect((await toggle(false)).status).toBe(200);
      expect(JSON.parse((await world.webhook.sender.post(inboundUrl, fresh)).body)).toMatchObject({
        outcome: "accepted",
      });
      expect((await triggerRuns()).items).toHaveLength(2);
    });
  });
}
