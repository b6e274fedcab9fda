import { replyPageSchema, replySchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFrontDeskTables } from "../../src/front-desk/front-desk-tables.ts";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, type Tenant } from "../helpers/test-service.ts";

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`front-desk reply attempts and resend (D510–D515) ${lane.title}`, () => {
    let world: InboundWorld;
    let other: Tenant;
    const repliesPath = () => `/api/v1/installations/${world.installations.chat.id}/replies`;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { deliveries: { pollIntervalMs: 20, retryDelaysMs: [0] } });
      other = await createTenant(world.test, "other");
      expect(await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`)).toBe(true);
      const toggled = await world.test.call(`/api/v1/installations/${world.installations.chat.id}`, {
        token: world.tenant.token,
        method: "PATCH",
        json: { front_desk: true },
      });
      expect(toggled.status).toBe(200);
    });
    afterAll(async () => world?.close());

    const replies = async () => {
      const response = await world.test.call(`${repliesPath()}?limit=100`, { token: world.tenant.token });
      expect(response.status).toBe(200);
      return replyPageSchema.parse(await response.json()).items;
    };
    const resend = (id: number, headers: Record<string, string> = {}, token = world.tenant.token) =>
      world.test.call(`${repliesPath()}/${id}/resend`, { token, method: "POST", headers });
    /** A reply as the dispatcher leaves one, for the states a test cannot wait for cheaply. */
    const plant = async (status: "dead" | "pending", text: string) => {
      const at = new Date().toISOString();
      const row = await withFrontDeskTables(world.test.service.store.db)
        .insertInto("deliveries")
        .values({
          installation_id: world.installations.chat.id,
          contact_id: null,
          inbound_event_id: null,
          channel_address: "U0PLANTED",
          thread_id: null,
          text,
          status,
          next_attempt_at: status === "pending" ? new Date(Date.now() + 3_600_000).toISOString() : at,
          message_id: null,
          last_error: status === "dead" ? "platform down" : null,
          created_at: at,
          delivered_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    };

    it("lists a delivered reply with its one attempt and the adapter's answer", async () => {
      await world.chat.events.postMessage({ channel: "CSUPPORT", user: "U0ANA", text: "hello" });
      await until("the reply", async () => (await replies()).some((reply) => reply.status === "delivered"));
      const [reply] = await replies();
      expect(reply).toMatchObject({ status: "delivered", attempt_count: 1, resent_from: null });
      expect(reply?.attempts).toHaveLength(1);
      expect(reply?.attempts[0]).toMatchObject({ attempt: 1, outcome: "delivered", error_class: null, error: null });
      expect(reply?.attempts[0]?.response_excerpt).toContain(reply?.message_id ?? "no message id");
    });

    it("resends a dead reply as a new reply that is delivered", async () => {
      const dead = await plant("dead", "resent after the platform came back");
      const before = world.chat.messages().length;
      const response = await resend(dead);
      expect(response.status).toBe(201);
      const created = replySchema.parse(await response.json());
      expect(created).toMatchObject({ status: "pending", resent_from: dead, channel_address: "U0PLANTED" });
      await until("the resend's delivery", () => world.chat.messages().length === before + 1);
      expect(world.chat.messages().at(-1)?.text).toContain("resent after the platform came back");
      await until("its record", async () =>
        (await replies()).some((reply) => reply.id === created.id && reply.status === "delivered"),
      );
      const shown = (await replies()).find((reply) => reply.id === created.id);
      expect(shown?.attempts.map((attempt) => attempt.outcome)).toEqual(["delivered"]);
    });

    it("makes one reply for a resend sent twice with one Idempotency-Key", async () => {
      const dead = await plant("dead", "once only");
      const first = await resend(dead, { "idempotency-key": "reply-once" });
      const second = await resend(dead, { "idempotency-key": "reply-once" });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      const [a, b] = [replySchema.parse(await first.json()), replySchema.parse(await second.json())];
      expect(b.id).toBe(a.id);
      expect((await replies()).filter((reply) => reply.resent_from === dead)).toHaveLength(1);
    });

    it("refuses a pending reply with 409, and answers 404 to another organization and for an unknown reply", async () => {
      const pending = await plant("pending", "not yet");
      const conflict = await resend(pending);
      expect(conflict.status).toBe(409);
      expect((await readProblem(conflict)).code).toBe("conflict");
      const foreign = await resend(pending, {}, other.token);
      expect(foreign.status).toBe(404);
      expect((await readProblem(foreign)).code).toBe("not_found");
      const list = await world.test.call(repliesPath(), { token: other.token });
      expect(list.status).toBe(404);
      expect((await resend(999_999)).status).toBe(404);
      const otherInstallation = `/api/v1/installations/${world.installations.webhook.id}/replies/${pending}/resend`;
      expect((await world.test.call(otherInstallation, { token: world.tenant.token, method: "POST" })).status).toBe(
        404,
      );
      const badCursor = await world.test.call(`${repliesPath()}?cursor=%%%`, { token: world.tenant.token });
      expect(badCursor.status).toBe(400);
    });

    it("records each failed attempt of a reply the platform cannot take, then the dead letter", async () => {
      await world.chat.close();
      const id = await plant("dead", "to a platform that is down");
      const response = await resend(id);
      const created = replySchema.parse(await response.json());
      await until("the dead letter", async () =>
        (await replies()).some((reply) => reply.id === created.id && reply.status === "dead"),
      );
      const shown = (await replies()).find((reply) => reply.id === created.id);
      expect(shown?.attempts.map((attempt) => [attempt.attempt, attempt.outcome])).toEqual([
        [1, "pending"],
        [2, "dead"],
      ]);
      expect(shown?.attempts.every((attempt) => attempt.error_class !== null && attempt.error !== null)).toBe(true);
      expect(shown?.attempts[0]?.next_attempt_at).not.toBeNull();
    });
  });
}
