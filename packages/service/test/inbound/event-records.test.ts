import { inboundEventDetailSchema, inboundEventPageSchema, inboundReplaySchema } from "@adapterkit/contract";
import { signStandardWebhook } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneOverBudget } from "../../src/inbound/prune-over-budget.ts";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, createWorkflow, readProblem, type Tenant } from "../helpers/test-service.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`inbound events as records (A22) ${lane.title}`, () => {
    let world: InboundWorld;
    let stranger: Tenant;
    let chatId: string;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { worker: false, inboundRateLimit: { perSecond: 0.001, burst: 1000 } });
      stranger = await createTenant(world.test, "globex");
      chatId = world.installations.chat.id;
      expect(await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`)).toBe(true);
      const workflow = await createWorkflow(world.test, world.tenant.token);
      await createAppEventTrigger(world, workflow.id, { app_installation_id: chatId, target_stage: "echo" });
    });
    afterAll(async () => world?.close());

    const api = (path: string, init: { token?: string; method?: string; headers?: Record<string, string> } = {}) =>
      world.test.call(`/api/v1/installations/${chatId}${path}`, { token: world.tenant.token, ...init });
    const events = async (query = "") =>
      inboundEventPageSchema.parse(await (await api(`/events${query}`)).json()).items;
    const detail = async (id: number) => inboundEventDetailSchema.parse(await (await api(`/events/${id}`)).json());
    const say = async (text: string) => {
      const delivery = await world.chat.events.postMessage({ channel: "CSUPPORT", user: "U0ANA", text });
      expect(delivery.status).toBe(200);
      const [newest] = await events("?limit=1");
      return newest;
    };
    const replay = (id: number, key?: string) =>
      api(`/events/${id}/replay`, { method: "POST", headers: key === undefined ? {} : { "idempotency-key": key } });

    it("shows an event's text, sender, type, redacted headers, body and the adapter call", async () => {
      const event = await say("Deploy <b>done</b>\nsecond line");
      const shown = await detail(event?.id ?? 0);
      expect(shown).toMatchObject({
        id: event?.id,
        outcome: "accepted",
        event_type: "message.received",
        sender: "U0ANA",
        excerpt: "Deploy <b>done</b>",
        message: { message: "Deploy <b>done</b>\nsecond line", sender: "U0ANA", is_bot: false },
        request: { method: "POST", body_truncated: false, body_encoding: "text" },
      });
      expect(shown.request?.headers["x-slack-signature"]).toBe("[redacted]");
      expect(shown.request?.headers["content-type"]).toMatch(/json/);
      expect(JSON.parse(shown.request?.body ?? "{}")).toMatchObject({
        event: { text: "Deploy <b>done</b>\nsecond line" },
      });
      expect(shown.request?.body).not.toContain(world.chat.credentials.signing_secret);
      expect(shown.adapter_calls).toEqual([
        expect.objectContaining({ outcome: "ok", status: 200, endpoint: expect.stringMatching(/inbound/) }),
      ]);
      expect(shown.workflow_run_ids).toHaveLength(1);
    });

    it("filters the log by outcome, type, sender and test, and names a bad filter", async () => {
      const forged = await world.chat.events.forge({ channel: "CSUPPORT", user: "U0EVE", text: "forged" });
      expect(forged.status).toBe(401);
      expect((await events("?outcome=rejected_signature")).every((e) => e.outcome === "rejected_signature")).toBe(true);
      expect((await events("?outcome=rejected_signature")).length).toBeGreaterThan(0);
      expect((await events("?sender=U0ANA")).every((e) => e.sender === "U0ANA")).toBe(true);
      expect(await events("?sender=nobody")).toEqual([]);
      expect((await events("?event_type=message.received&test=false")).length).toBeGreaterThan(0);
      expect(await events("?test=true")).toEqual([]);
      expect(await events(`?since=${new Date(Date.now() + 3_600_000).toISOString()}`)).toEqual([]);
      const bad = await readProblem(await api("/events?outcome=maybe"));
      expect(bad).toMatchObject({ status: 400, code: "invalid_request" });
      expect(bad.detail).toMatch(/^outcome: /);
      expect((await readProblem(await api("/events?since=yesterday"))).detail).toMatch(/^since: /);
    });

    it("replays an event once per Idempotency-Key, as a new event that names the original", async () => {
      const original = await say("replay me");
      const id = original?.id ?? 0;
      const first = inboundReplaySchema.parse(await (await replay(id, "key-1")).json());
      const again = inboundReplaySchema.parse(await (await replay(id, "key-1")).json());
      expect(first).toMatchObject({ replayed: true, event: { replay_of: id, outcome: "accepted" } });
      expect(first.event.workflow_run_ids).toHaveLength(1);
      expect(again).toEqual({ replayed: false, event: first.event });
      const other = inboundReplaySchema.parse(await (await replay(id, "key-2")).json());
      expect(other.event.id).not.toBe(first.event.id);
      expect((await detail(id)).replays).toEqual([first.event.id, other.event.id]);
      const replayed = await detail(first.event.id);
      expect(replayed).toMatchObject({ request: null, adapter_calls: [], message: { message: "replay me" } });
    });

    it("refuses to replay an event that kept no message, another organization's, or with a malformed key", async () => {
      const [refused] = await events("?outcome=rejected_signature&limit=1");
      expect((await readProblem(await replay(refused?.id ?? 0))).code).toBe("conflict");
      expect((await readProblem(await replay(999_999))).code).toBe("not_found");
      const other = await world.test.call(`/api/v1/installations/${chatId}/events/${refused?.id}`, {
        token: stranger.token,
      });
      expect(other.status).toBe(404);
      expect((await readProblem(await replay(refused?.id ?? 0, "has space"))).code).toBe("invalid_request");
    });

    it("keeps an installation's records within its budget, oldest pruned first", async () => {
      const ids = (await events("?limit=100")).map((event) => event.id);
      const newest = await detail(ids[0] ?? 0);
      const budget = JSON.stringify(newest.request).length * 2;
      expect(await pruneOverBudget(world.test.service.store.db, chatId, budget)).toBeGreaterThan(0);
      const kept = (await events("?limit=100")).map((event) => event.id);
      expect(kept.length).toBeLessThan(ids.length);
      expect(kept).toEqual(ids.slice(0, kept.length));
    });

    it("shows the event's page with its message escaped, and resends from it once per form", async () => {
      const event = await say("<script>alert(1)</script> hello");
      const client = new PortalBrowser(world.test.url);
      await client.signIn(world.tenant.token);
      const list = await client.get(`/marketplace/installations/${chatId}?sender=U0ANA`);
      expect(list.html).toContain(
        `<a href="/marketplace/installations/${chatId}/events/${event?.id}">${event?.id}</a>`,
      );
      expect(list.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; hello");
      const page = await client.get(`/marketplace/installations/${chatId}/events/${event?.id}`);
      expect(page.status).toBe(200);
      expect(page.html).not.toContain("<script>alert(1)</script>");
      expect(page.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; hello");
      expect(page.html).toContain("<code>[redacted]</code>");
      const key = /name="idempotency_key" value="([^"]+)"/.exec(page.html)?.[1] ?? "";
      const action = `/marketplace/installations/${chatId}/events/${event?.id}/replay`;
      expect((await client.post(action, { idempotency_key: key }, null)).status).toBe(403);
      const sent = await client.post(action, { idempotency_key: key });
      expect(sent.status).toBe(303);
      const twice = await client.post(action, { idempotency_key: key });
      expect(twice.location).toBe(sent.location);
      expect((await detail(event?.id ?? 0)).replays).toHaveLength(1);
      const outsider = new PortalBrowser(world.test.url);
      await outsider.signIn(stranger.token);
      expect((await outsider.get(`/marketplace/installations/${chatId}/events/${event?.id}`)).status).toBe(404);
    });
  });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`an installation's inbound rate (D525) ${lane.title}`, () => {
    let world: InboundWorld;
    beforeAll(async () => {
      // The API's per-token limit off, the inbound URL's own on: the two are set apart.
      world = await startInboundWorld(lane, {
        worker: false,
        rateLimit: false,
        inboundRateLimit: { perSecond: 0.001, burst: 2 },
      });
    });
    afterAll(async () => world?.close());

    it("answers 429 with Retry-After past the installation's rate and records nothing for it", async () => {
      const post = (index: number) => {
        const body = JSON.stringify({ type: "ticket.created", sender: "ana", message: `n${index}` });
        const headers = signStandardWebhook({ secret: world.webhook.credentials.signing_secret, body });
        return world.test.call(inboundPath(world.installations.webhook), { body, headers });
      };
      expect((await post(1)).status).toBe(200);
      expect((await post(2)).status).toBe(200);
      const refused = await post(3);
      expect((await readProblem(refused)).code).toBe("rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const page = await world.test.call(`/api/v1/installations/${world.installations.webhook.id}/events`, {
        token: world.tenant.token,
      });
      expect(inboundEventPageSchema.parse(await page.json()).items).toHaveLength(2);
      // Another installation has a bucket of its own.
      expect(await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`)).toBe(true);
    });
  });
}
