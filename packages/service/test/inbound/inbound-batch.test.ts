import { inboundEventPageSchema, triggerRunPageSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_MARK } from "../../src/inbound/route-in-one-statement.ts";
import type { InboundMessage } from "../../src/inbound/route-inbound-message.ts";
import { toStorableMessage } from "../../src/store/to-storable-message.ts";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow } from "../helpers/test-service.ts";
import { loseAnswersOf, wrapStatements } from "../helpers/wrap-statements.ts";

/**
 * Counts the statements that name the inbound tables or read app-event triggers: the ones that route inbound
 * messages, as the service's other loops name neither.
 */
function countRoutingStatements() {
  const texts: string[] = [];
  const wrapped = wrapStatements((text, result) => {
    if (/inbound_|app_event/i.test(text)) texts.push(text);
    return result;
  });
  return { texts: () => texts, restore: wrapped.restore };
}

// D177: messages that arrive together are routed in one transaction; each still ends exactly as it would alone.
for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`inbound messages routed together (D177) ${lane.title}`, () => {
    let world: InboundWorld;
    let triggerId: number;
    let appId: number;

    /** A workflow that echoes, and an app-event trigger of the webhook installation for `eventType` that starts it. */
    const echoTrigger = async (eventType: string) => {
      const workflow = await createWorkflow(world.test, world.tenant.token, {
        stages: [{ name: "handle", action: "echo" }],
      });
      return createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.webhook.id,
        event_type: eventType,
        target_stage: "handle",
      });
    };

    beforeAll(async () => {
      world = await startInboundWorld(lane, { worker: false });
      triggerId = (await echoTrigger("order.created")).id;
      appId = (await world.test.service.context.inboundCache.open(world.installations.webhook.id)).app.id;
    });
    afterAll(async () => world?.close());

    const api = async (path: string) => (await world.test.call(path, { token: world.tenant.token })).json();
    const events = async () =>
      inboundEventPageSchema.parse(
        await api(`/api/v1/installations/${world.installations.webhook.id}/events?limit=100`),
      ).items;
    const message = (type: string, dedupKey: string | undefined): InboundMessage => ({
      installationId: world.installations.webhook.id,
      organizationId: world.installations.webhook.organization_id,
      appId,
      app: "webhook",
      frontDesk: false,
      message: {
        event_type: type,
        sender: "shop",
        message: `order ${dedupKey ?? "without key"}`,
        is_bot: false,
        ...(dedupKey === undefined ? {} : { dedup_key: dedupKey }),
      },
    });

    it("gives each key one run, inside the batch and against the table, and every message its own entry", async () => {
      const intake = world.test.service.context.inbound;
      const now = new Date();
      const before = await intake.route(message("order.created", "k-old"), now);
      expect(before.outcome).toBe("accepted");
      // Routed in one call each, in one turn of the event loop: one batch.
      const sent = [
        message("order.created", "k-1"),
        message("order.created", "k-old"),
        message("order.created", "k-2"),
        message("order.created", "k-1"),
        message("order.cancelled", "k-3"),
        message("order.created", undefined),
        message("order.created", "k-2"),
      ];
      const routed = await Promise.all(sent.map((item) => intake.route(item, now)));
      expect(routed.map((item) => item.outcome)).toEqual([
        "accepted",
        "duplicate",
        "accepted",
        "duplicate",
        "unmatched",
        "accepted",
        "duplicate",
      ]);
      const runIds = routed.flatMap((item) => item.workflowRunIds);
      expect(runIds).toHaveLength(3);
      expect(new Set(runIds).size).toBe(3);
      const logged = new Map((await events()).map((entry) => [entry.id, entry]));
      expect(new Set(routed.map((item) => item.eventId)).size).toBe(sent.length);
      for (const [index, item] of routed.entries()) {
        expect(logged.get(item.eventId)).toMatchObject({
          outcome: item.outcome,
          dedup_key: sent[index]?.message.dedup_key ?? null,
          workflow_run_ids: item.workflowRunIds,
        });
      }
      expect(logged.get(routed[4]?.eventId ?? 0)?.detail).toMatch(/no enabled app-event trigger for order.cancelled/);
      const triggerRuns = triggerRunPageSchema.parse(await api(`/api/v1/triggers/${triggerId}/runs?limit=100`));
      expect(triggerRuns.items).toHaveLength(4);
    });

    it("gives each of several keyless messages equal but for their text its own entry (D600)", async () => {
      const intake = world.test.service.context.inbound;
      const now = new Date();
      // Same type, sender, outcome, time and length: only the text (a big column, not read back) tells them apart.
      const sent = ["A", "B", "C", "D", "E"].map((letter) => ({
        ...message("order.refunded", undefined),
        message: { event_type: "order.refunded", sender: "shop", message: `refund ${letter}`, is_bot: false },
      }));
      const routed = await Promise.all(sent.map((item) => intake.route(item, now)));
      expect(routed.map((item) => item.outcome)).toEqual(sent.map(() => "unmatched"));
      const logged = new Map((await events()).map((entry) => [entry.id, entry]));
      expect(routed.map((item) => logged.get(item.eventId)?.excerpt)).toEqual(sent.map((item) => item.message.message));
    });

    it("routes a delivery whose dedup key holds a lone surrogate once, alone and together (D640)", async () => {
      const intake = world.test.service.context.inbound;
      const now = new Date();
      // As receiveInbound hands it over: the message's own columns made storable.
      const keyed = (dedupKey: string): InboundMessage => {
        const base = message("order.created", dedupKey);
        return { ...base, message: toStorableMessage(base.message) };
      };
      const alone = await intake.route(keyed("k-lone \ud800"), now);
      const again = await intake.route(keyed("k-lone \udfff"), now);
      const together = await Promise.all(
        [keyed("k-pair \ud800"), keyed("k-pair \udbff")].map((item) => intake.route(item, now)),
      );
      expect([alone, again, ...together].map((routed) => routed.outcome)).toEqual([
        "accepted",
        "duplicate",
        "accepted",
        "duplicate",
      ]);
      const logged = new Map((await events()).map((entry) => [entry.id, entry]));
      expect(logged.get(alone.eventId)?.dedup_key).toBe("k-lone \uFFFD");
    });

    it("keeps an excerpt cut inside an emoji and a sender with a lone surrogate, alone and together", async () => {
      const intake = world.test.service.context.inbound;
      const now = new Date();
      // The excerpt keeps 119 characters: the 119th is the first half of the emoji.
      const text = `${"a".repeat(118)}😀 and more`;
      const odd = (dedupKey: string): InboundMessage => {
        const base = message("order.created", dedupKey);
        return { ...base, message: { ...base.message, sender: "shop \ud800", message: text } };
      };
      const alone = await intake.route(odd("k-emoji-alone"), now);
      const together = await Promise.all([odd("k-emoji-1"), odd("k-emoji-2")].map((item) => intake.route(item, now)));
      const logged = new Map((await events()).map((entry) => [entry.id, entry]));
      for (const routed of [alone, ...together]) {
        expect(routed.outcome).toBe("accepted");
        expect(logged.get(routed.eventId)).toMatchObject({
          excerpt: `${"a".repeat(118)}\uFFFD…`,
          sender: "shop \uFFFD",
        });
      }
    });

    it("routes the next message afresh when a trigger it kept was deleted behind the service's back", async () => {
      const intake = world.test.service.context.inbound;
      const shipped = await echoTrigger("order.shipped");
      expect((await intake.route(message("order.shipped", "k-shipped-1"), new Date())).outcome).toBe("accepted");
      await world.test.service.store.db.deleteFrom("triggers").where("id", "=", shipped.id).execute();
      expect((await intake.route(message("order.shipped", "k-shipped-2"), new Date())).outcome).toBe("unmatched");
    });

    it.skipIf(lane.name !== "postgres")(
      "routes a batch in one statement on PostgreSQL, its triggers read once, then kept (D633, D634; SQLite: a transaction)",
      async () => {
        const intake = world.test.service.context.inbound;
        const now = new Date();
        world.test.service.context.inboundCache.forget();
        const routing = countRoutingStatements();
        try {
          const routed = await Promise.all(
            [
              message("order.created", "k-count-1"),
              message("order.created", "k-count-1"),
              message("order.created", undefined),
            ].map((item) => intake.route(item, now)),
          );
          expect(routed.map((item) => item.outcome)).toEqual(["accepted", "duplicate", "accepted"]);
          expect(routing.texts()).toHaveLength(2);
          await intake.route(message("order.created", "k-count-2"), now);
          expect(routing.texts()).toHaveLength(3);
        } finally {
          routing.restore();
        }
      },
    );

    it.skipIf(lane.name !== "postgres")(
      "answers an error and routes nothing again when the statement committed but its answer was lost (D633; PostgreSQL only)",
      async () => {
        const intake = world.test.service.context.inbound;
        const now = new Date();
        const triggerRuns = async () =>
          triggerRunPageSchema.parse(await api(`/api/v1/triggers/${triggerId}/runs?limit=100`)).items.length;
        const before = await triggerRuns();
        const lose = loseAnswersOf(ROUTE_MARK);
        const sent = [message("order.created", undefined), message("order.created", undefined)];
        try {
          const routed = await Promise.allSettled(sent.map((item) => intake.route(item, now)));
          expect(routed.map((item) => item.status)).toEqual(["rejected", "rejected"]);
        } finally {
          lose.restore();
        }
        // Committed once: routing the keyless messages again would have started two runs more.
        expect(await triggerRuns()).toBe(before + 2);
      },
    );

    it("routes one delivery sent many times at once, through the endpoint, to exactly one run", async () => {
      const url = `${world.test.url}${inboundPath(world.installations.webhook)}`;
      const body = JSON.stringify({ type: "order.created", sender: "till", message: "order at once" });
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => world.webhook.sender.post(url, body, { id: "msg_same_at_once" })),
      );
      const outcomes = answers.map((answer) => JSON.parse(answer.body) as { outcome: string; workflow_run_ids: [] });
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(outcomes.filter((outcome) => outcome.outcome === "accepted")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.outcome === "duplicate")).toHaveLength(11);
      expect(outcomes.flatMap((outcome) => outcome.workflow_run_ids)).toHaveLength(1);
    });
  });
}
