import { createAdapterClient } from "@adapterkit/client";
import { inboundEventPageSchema, triggerRunPageSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, waitForRun } from "../helpers/test-service.ts";

const STAGES = [
  { name: "read", action: "echo" },
  { name: "answer", action: "echo" },
];

const mailFrom = (from: string, id: string, text: string) =>
  [
    `From: ${from}`,
    "To: bot@adapterkit.test",
    "Subject: Invoice",
    `Message-ID: <${id}@example.com>`,
    "Date: Tue, 24 Nov 2026 09:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "",
  ].join("\r\n");

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`mail inbound through the gateway stand-in (A9, A10) ${lane.title}`, () => {
    let world: InboundWorld;
    let triggerId: number;
    let url: string;

    beforeAll(async () => {
      world = await startInboundWorld(lane);
      url = `${world.test.url}${inboundPath(world.installations.mail)}`;
      const workflow = await createWorkflow(world.test, world.tenant.token, { stages: STAGES });
      const trigger = await createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.mail.id,
        event_type: "email.received",
        target_stage: "answer",
        event_filter: { sender: "ana@example.com", is_dm: true },
      });
      triggerId = trigger.id;
    });
    afterAll(async () => world?.close());

    const api = (path: string) => world.test.call(path, { token: world.tenant.token });
    const triggerRuns = async () =>
      triggerRunPageSchema.parse(await (await api(`/api/v1/triggers/${triggerId}/runs`)).json()).items;
    const lastEvent = async () =>
      inboundEventPageSchema.parse(
        await (await api(`/api/v1/installations/${world.installations.mail.id}/events?limit=1`)).json(),
      ).items[0];
    const human = {
      raw: mailFrom("Ana <ana@example.com>", "m1", "Please send the invoice."),
      labelIds: ["INBOX"],
      id: "g1",
    };

    it("starts exactly one run at the target stage for a mail that arrived", async () => {
      const sent = await world.mail.gateway.post(url, human);
      expect(sent.status).toBe(200);
      const answer = JSON.parse(sent.body) as { outcome: string; workflow_run_ids: number[] };
      expect(answer.outcome).toBe("accepted");
      const run = await waitForRun(world.test, world.tenant.token, answer.workflow_run_ids[0] ?? 0);
      expect(run).toMatchObject({ status: "completed", start_stage: "answer" });
      expect(run.input).toMatchObject({ event_type: "email.received", sender: "ana@example.com", is_dm: true });
      expect(await triggerRuns()).toHaveLength(1);
    });

    it("starts nothing new when the gateway posts the same message again", async () => {
      const again = await world.mail.gateway.post(url, human);
      expect(JSON.parse(again.body)).toMatchObject({ outcome: "duplicate" });
      expect(await triggerRuns()).toHaveLength(1);
    });

    it("drops the mailbox's own mail (sent through the adapter, captured by SMTP, labelled SENT)", async () => {
      const client = createAdapterClient({
        baseUrl: world.adapters.mail,
        signingSecret: world.adapters.secrets.get("mail") ?? "",
      });
      const delivered = await client.deliver({
        credentials: world.mail.credentials,
        channel_address: "ana@example.com",
        message: { text: "Here it is." },
      });
      await client.close();
      expect(delivered.ok).toBe(true);
      const captured = world.mail.mails().at(-1);
      const echoed = await world.mail.gateway.post(url, { raw: captured?.raw ?? "", labelIds: ["SENT"] });
      expect(JSON.parse(echoed.body)).toMatchObject({ outcome: "dropped_bot" });
      expect(await triggerRuns()).toHaveLength(1);
    });

    it("refuses a post signed with another secret, and records it", async () => {
      const forged = await world.mail.gateway.post(url, { ...human, id: "g2" }, "not-the-gateway-secret");
      expect(forged.status).toBe(401);
      expect(await lastEvent()).toMatchObject({ outcome: "rejected_signature" });
    });

    it("records unmatched for a mail from a sender the filter does not name", async () => {
      const other = { raw: mailFrom("Bob <bob@example.com>", "m2", "Hello"), labelIds: ["INBOX"] };
      expect(JSON.parse((await world.mail.gateway.post(url, other)).body)).toMatchObject({ outcome: "unmatched" });
      expect(await triggerRuns()).toHaveLength(1);
    });
  });
}
