import { inboundEventPageSchema, triggerRunPageSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, waitForRun } from "../helpers/test-service.ts";

const STAGES = [
  { name: "intake", action: "echo" },
  { name: "triage", action: "echo" },
];

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`chat inbound through the Events API stand-in (A9, A10) ${lane.title}`, () => {
    let world: InboundWorld;
    let triggerId: number;

    beforeAll(async () => {
      world = await startInboundWorld(lane);
      const workflow = await createWorkflow(world.test, world.tenant.token, { stages: STAGES });
      const trigger = await createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.chat.id,
        target_stage: "triage",
        event_filter: { metadata: { channel: "CSUPPORT" } },
      });
      triggerId = trigger.id;
    });
    afterAll(async () => {
      await world?.close();
    });

    const api = (path: string) => world.test.call(path, { token: world.tenant.token });
    const triggerRuns = async () =>
      triggerRunPageSchema.parse(await (await api(`/api/v1/triggers/${triggerId}/runs`)).json());
    const events = async (query = "") =>
      inboundEventPageSchema.parse(
        await (await api(`/api/v1/installations/${world.installations.chat.id}/events${query}`)).json(),
      );

    it("answers the URL-verification handshake with the challenge exactly, so the stand-in takes the Request URL", async () => {
      const inboundUrl = `${world.test.url}${inboundPath(world.installations.chat)}`;
      expect(world.installations.chat.inbound_url).toMatch(/\/api\/v1\/apps\/inst_[A-Za-z0-9_-]{22}\/inbound$/);
      expect(await world.chat.events.connect(inboundUrl)).toBe(true);
    });

    it("starts exactly one run at the target stage with the event as input for a person's message", async () => {
      const delivery = await world.chat.events.postMessage({ channel: "CSUPPORT", user: "U0ANA", text: "help me" });
      expect(delivery.status).toBe(200);
      const answer = JSON.parse(delivery.body) as { outcome: string; workflow_run_ids: number[] };
      expect(answer.outcome).toBe("accepted");
      expect(answer.workflow_run_ids).toHaveLength(1);
      const run = await waitForRun(world.test, world.tenant.token, answer.workflow_run_ids[0] ?? 0);
      expect(run).toMatchObject({ status: "completed", start_stage: "triage", source: "app_event" });
      expect(run.input).toMatchObject({
        event_type: "message.received",
        sender: "U0ANA",
        message: "help me",
        is_bot: false,
        dedup_key: delivery.eventId,
        installation_id: world.installations.chat.id,
        app: "chat",
      });
      const runs = await triggerRuns();
      expect(runs.items).toEqual([
        expect.objectContaining({ source: "app_event", status: "succeeded", workflow_run_id: run.id }),
      ]);
      const trigger = (await (await api(`/api/v1/triggers/${triggerId}`)).json()) as { fire_count: number };
      expect(trigger.fire_count).toBe(1);
    });

    it("starts nothing new when the platform retries the same delivery", async () => {
      const first = world.chat.events.deliveries().find((d) => JSON.parse(d.body).outcome === "accepted");
      const retry = await world.chat.events.redeliver(first?.eventId ?? "", 1);
      expect(retry.status).toBe(200);
      expect(JSON.parse(retry.body)).toMatchObject({ outcome: "duplicate", workflow_run_ids: [] });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("drops the bot's own message (its post echoed back by the platform) without starting anything", async () => {
      const before = world.chat.events.deliveries().length;
      const posted = await fetch(`${world.chat.credentials.api_base_url}/chat.postMessage`, {
        method: "POST",
        headers: { authorization: `Bearer ${world.chat.credentials.token}`, "content-type": "application/json" },
        body: JSON.stringify({ channel: "CSUPPORT", text: "I am the bot" }),
      });
      expect(((await posted.json()) as { ok: boolean }).ok).toBe(true);
      for (let i = 0; i < 200 && world.chat.events.deliveries().length === before; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const echo = world.chat.events.deliveries().at(-1);
      expect(echo?.status).toBe(200);
      expect(JSON.parse(echo?.body ?? "{}")).toMatchObject({ outcome: "dropped_bot" });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("refuses a forged signature with 401 and records it", async () => {
      const forged = await world.chat.events.forge({ channel: "CSUPPORT", user: "U0EVE", text: "help" });
      expect(forged.status).toBe(401);
      expect((await triggerRuns()).items).toHaveLength(1);
      expect((await events()).items[0]).toMatchObject({ outcome: "rejected_signature", event_type: null });
    });

    it("records unmatched for a message the filter does not pass", async () => {
      const other = await world.chat.events.postMessage({ channel: "CRANDOM", user: "U0ANA", text: "lunch?" });
      expect(JSON.parse(other.body)).toMatchObject({ outcome: "unmatched", workflow_run_ids: [] });
      expect((await triggerRuns()).items).toHaveLength(1);
    });

    it("lists the installation's events newest first, a page at a time, with every outcome", async () => {
      const all = await events();
      expect(all.items.map((e) => e.outcome)).toEqual([
        "unmatched",
        "rejected_signature",
        "dropped_bot",
        "duplicate",
        "accepted",
      ]);
      const first = await events("?limit=2");
      expect(first.items).toHaveLength(2);
      const rest = await events(`?limit=10&cursor=${first.next_cursor}`);
      expect([...first.items, ...rest.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));
      expect(rest.next_cursor).toBeNull();
    });

    it("keeps the log to its organization: another organization's token gets 404", async () => {
      const stranger = await world.test.service.createToken({ organization: "elsewhere", project: "p" });
      const response = await world.test.call(`/api/v1/installations/${world.installations.chat.id}/events`, {
        token: stranger.token,
      });
      expect(response.status).toBe(404);
    });
  });
}
