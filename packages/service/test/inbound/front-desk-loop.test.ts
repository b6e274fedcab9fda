import { inboundEventPageSchema } from "@adapterkit/contract";
import { signSlackV0 } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFrontDeskTables } from "../../src/front-desk/front-desk-tables.ts";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";

const HUMAN_MESSAGES = 8;

const count = (list: string[], outcome: string) => list.filter((o) => o === outcome).length;

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `the front desk and the feedback loop through the chat stand-in (A11) ${lane.title}`,
    () => {
      let world: InboundWorld;

      beforeAll(async () => {
        world = await startInboundWorld(lane, { deliveries: { pollIntervalMs: 50 } });
        expect(await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`)).toBe(true);
        const toggled = await world.test.call(`/api/v1/installations/${world.installations.chat.id}`, {
          token: world.tenant.token,
          method: "PATCH",
          json: { front_desk: true },
        });
        expect(toggled.status).toBe(200);
      });
      afterAll(async () => world?.close());

      const outcomes = async () =>
        inboundEventPageSchema
          .parse(
            await (
              await world.test.call(`/api/v1/installations/${world.installations.chat.id}/events?limit=100`, {
                token: world.tenant.token,
              })
            ).json(),
          )
          .items.map((event) => event.outcome);

      it("answers a person's message with exactly one reply, delivered through the platform, its echo dropped", async () => {
        const sent = await world.chat.events.postMessage({
          channel: "CSUPPORT",
          user: "U0ANA",
          text: "where is **it**?",
        });
        expect(JSON.parse(sent.body)).toMatchObject({ outcome: "accepted", workflow_run_ids: [] });
        await until("the reply", () => world.chat.messages().length === 1);
        const [reply] = world.chat.messages();
        expect(reply?.channel).toBe("U0ANA");
        // /format turned the Markdown into the platform's mrkdwn before /deliver sent it.
        expect(reply?.text).toBe("Hi U0ANA, thanks for your message. We received: “where is *it*?”");
        await until("the echo", async () => count(await outcomes(), "dropped_bot") === 1);
        const [delivery] = await withFrontDeskTables(world.test.service.store.db)
          .selectFrom("deliveries")
          .selectAll()
          .execute();
        // On a loaded machine a first attempt can time out and a second one deliver the reply, so the attempts are not
        // pinned to one; the platform still holds exactly one reply.
        expect(delivery).toMatchObject({ status: "delivered", message_id: reply?.ts });
        expect(world.chat.messages()).toHaveLength(1);
      });

      it("keeps one reply per person's message while the loop runs, and one contact per sender", async () => {
        for (let n = 1; n < HUMAN_MESSAGES; n += 1) {
          await world.chat.events.postMessage({ channel: "CSUPPORT", user: n % 2 ? "U0BOB" : "U0ANA", text: `q${n}` });
        }
        await until("every reply and echo", async () => count(await outcomes(), "dropped_bot") === HUMAN_MESSAGES);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(world.chat.messages()).toHaveLength(HUMAN_MESSAGES);
        const all = await outcomes();
        expect(count(all, "accepted")).toBe(HUMAN_MESSAGES);
        expect(count(all, "dropped_bot")).toBe(HUMAN_MESSAGES);
        const contacts = await withFrontDeskTables(world.test.service.store.db)
          .selectFrom("contacts")
          .select("name")
          .orderBy("name")
          .execute();
        expect(contacts.map((c) => c.name)).toEqual(["U0ANA", "U0BOB"]);
      });
    },
  );
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`front-desk replies the platform cannot take (A11, D25 ladder) ${lane.title}`, () => {
    let world: InboundWorld;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { deliveries: { pollIntervalMs: 20, retryDelaysMs: [30, 30] } });
      await world.test.call(`/api/v1/installations/${world.installations.chat.id}`, {
        token: world.tenant.token,
        method: "PATCH",
        json: { front_desk: true },
      });
    });
    afterAll(async () => world?.close());

    it("retries on the ladder while the platform is down, then dead-letters the reply with the last error", async () => {
      await world.chat.close();
      const body = JSON.stringify({
        type: "event_callback",
        event_id: "EvDOWN",
        event: { type: "message", user: "U0ANA", text: "anyone?", channel: "C1", ts: "1.000001" },
      });
      const headers = {
        "content-type": "application/json",
        ...signSlackV0({ secret: world.chat.credentials.signing_secret, body }),
      };
      const response = await world.test.call(inboundPath(world.installations.chat), { body, headers });
      expect(response.status).toBe(200);
      const db = withFrontDeskTables(world.test.service.store.db);
      await until("the dead letter", async () => {
        const row = await db.selectFrom("deliveries").select("status").executeTakeFirst();
        return row?.status === "dead";
      });
      const row = await db.selectFrom("deliveries").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "dead", attempts: 3, message_id: null });
      expect(row.last_error).toBeTruthy();
    });
  });
}

const SLOW = process.env.ADAPTERKIT_SLOW_TESTS === "1";
const LOOP_MS = 60_000;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip || !SLOW)(
    `the feedback loop kept running for 60 seconds (A11; slow: set ADAPTERKIT_SLOW_TESTS=1) ${lane.title}`,
    () => {
      let world: InboundWorld;

      beforeAll(async () => {
        world = await startInboundWorld(lane, { deliveries: { pollIntervalMs: 50 } });
        expect(await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`)).toBe(true);
        const toggled = await world.test.call(`/api/v1/installations/${world.installations.chat.id}`, {
          token: world.tenant.token,
          method: "PATCH",
          json: { front_desk: true },
        });
        expect(toggled.status).toBe(200);
      });
      afterAll(async () => world?.close());

      /** Every logged outcome of the chat installation, all pages. */
      const allOutcomes = async () => {
        const outcomes: string[] = [];
        let cursor: string | null = "";
        while (cursor !== null) {
          const path = `/api/v1/installations/${world.installations.chat.id}/events?limit=100`;
          const response = await world.test.call(`${path}${cursor ? `&cursor=${cursor}` : ""}`, {
            token: world.tenant.token,
          });
          const page = inboundEventPageSchema.parse(await response.json());
          outcomes.push(...page.items.map((event) => event.outcome));
          cursor = page.next_cursor;
        }
        return outcomes;
      };

      it("still sends one reply per person's message, and drops every echo as is_bot", async () => {
        const sent: string[] = [];
        const started = Date.now();
        // People keep writing while replies go out and their echoes come back, all through the stand-in.
        while (Date.now() - started < LOOP_MS) {
          const text = `loop ${sent.length}`;
          const user = ["U0ANA", "U0BOB", "U0CAT"][sent.length % 3] ?? "U0ANA";
          const answer = await world.chat.events.postMessage({ channel: "CSUPPORT", user, text });
          expect(JSON.parse(answer.body)).toMatchObject({ outcome: "accepted" });
          sent.push(text);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        await until("every reply", () => world.chat.messages().length >= sent.length);
        await until("every echo", async () => count(await allOutcomes(), "dropped_bot") >= sent.length);
        await new Promise((resolve) => setTimeout(resolve, 500));

        const replies = new Map<string, number>();
        for (const { text } of world.chat.messages()) {
          const quoted = /“([^”]*)”$/.exec(text)?.[1] ?? text;
          replies.set(quoted, (replies.get(quoted) ?? 0) + 1);
        }
        expect(sent.filter((text) => replies.get(text) !== 1)).toEqual([]);
        expect(world.chat.messages()).toHaveLength(sent.length);
        const outcomes = await allOutcomes();
        expect(count(outcomes, "accepted")).toBe(sent.length);
        expect(count(outcomes, "dropped_bot")).toBe(sent.length);
        expect(outcomes).toHaveLength(2 * sent.length);
      }, 180_000);
    },
  );
}
