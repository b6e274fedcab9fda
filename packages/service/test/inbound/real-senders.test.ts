import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { type InboundEventJson, inboundEventPageSchema } from "@adapterkit/contract";
import type { WebhookDefinition } from "@octokit/webhooks-examples";
import { sign as signAsGithub } from "@octokit/webhooks-methods";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, type Tenant } from "../helpers/test-service.ts";

const GITHUB_SECRET = `gh-${randomBytes(16).toString("hex")}`;
const STRIPE_SECRET = `whsec_${randomBytes(24).toString("hex")}`;
const SHOPIFY_SECRET = `shpss_${randomBytes(16).toString("hex")}`;
const stripe = new Stripe("sk_test_not_used_for_any_call");

const githubExamples = createRequire(import.meta.url)("@octokit/webhooks-examples") as WebhookDefinition[];

/** Every example payload of `@octokit/webhooks-examples`, with the event kind GitHub sends it under. */
const GITHUB_DELIVERIES = githubExamples.flatMap((event) =>
  event.examples.map((example, index) => ({
    event: event.name,
    index,
    payload: example as unknown as Record<string, unknown>,
  })),
);

const STRIPE_EVENTS = [
  { id: "evt_1", type: "payment_intent.succeeded", data: { object: { id: "pi_1", amount: 2000, currency: "eur" } } },
  { id: "evt_2", type: "customer.created", data: { object: { id: "cus_1", email: "ana@example.com" } } },
  { id: "evt_3", type: "invoice.paid", account: "acct_1Connected", data: { object: { id: "in_1" } } },
  { id: "evt_4", type: "charge.refunded", data: { object: { id: "ch_1", amount_refunded: 500 } } },
].map((event) => ({ object: "event", api_version: "2024-06-20", livemode: false, pending_webhooks: 1, ...event }));

const SHOPIFY_WEBHOOKS = [
  { topic: "orders/create", body: { id: 820982911946154500, email: "jon@example.com", total_price: "403.00" } },
  { topic: "products/update", body: { id: 788032119674292900, title: "Example T-Shirt", vendor: "Acme" } },
  { topic: "customers/create", body: { id: 706405506930370000, email: "bob@example.com", first_name: "Bob" } },
  { topic: "app/uninstalled", body: { id: 548380009, name: "Super Toys", domain: "super.myshopify.com" } },
];

type Posted = { status: number; outcome: string };

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the webhook App takes what GitHub, Stripe and Shopify send ${lane.title}`, () => {
    let world: InboundWorld;
    const installed = new Map<string, { id: string; tenant: Tenant; url: string }>();

    beforeAll(async () => {
      world = await startInboundWorld(lane);
      // One project per preset: each installation keeps its own credential records.
      const presets = {
        github: GITHUB_SECRET,
        stripe: STRIPE_SECRET,
        shopify: SHOPIFY_SECRET,
      };
      for (const [preset, secret] of Object.entries(presets)) {
        const actor = { organization: "demo", project: preset };
        const installation = await world.test.service.apps.install(actor, {
          app: "webhook",
          credentials: {
            webhook_signing_secret: secret,
            webhook_options: { preset, delivery_signing_secret: `whsec_${randomBytes(32).toString("base64")}` },
          },
        });
        const tenant = await createTenant(world.test, "demo", preset);
        installed.set(preset, { id: installation.id, tenant, url: `${world.test.url}${inboundPath(installation)}` });
      }
    }, 60_000);
    afterAll(async () => {
      await world?.close();
    });

    const target = (preset: string) => {
      const found = installed.get(preset);
      if (found === undefined) throw new Error(`no ${preset} installation`);
      return found;
    };

    async function post(preset: string, body: string, headers: Record<string, string>): Promise<Posted> {
      const response = await fetch(target(preset).url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      const text = await response.text();
      const outcome = response.ok ? (JSON.parse(text) as { outcome: string }).outcome : text;
      return { status: response.status, outcome };
    }

    async function events(preset: string): Promise<InboundEventJson[]> {
      const { id, tenant } = target(preset);
      const all: InboundEventJson[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
        const response = await world.test.call(`/api/v1/installations/${id}/events?limit=100${query}`, {
          token: tenant.token,
        });
        const page = inboundEventPageSchema.parse(await response.json());
        all.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return all;
    }

    async function github(delivery: (typeof GITHUB_DELIVERIES)[number], id: string, secret = GITHUB_SECRET) {
      const body = JSON.stringify(delivery.payload);
      return post("github", body, {
        "x-github-event": delivery.event,
        "x-github-delivery": id,
        "x-hub-signature-256": await signAsGithub(secret, body),
        "user-agent": "GitHub-Hookshot/test",
      });
    }

    it("accepts all 329 GitHub examples signed as GitHub signs, each with its event kind and sender login", async () => {
      expect(GITHUB_DELIVERIES).toHaveLength(329);
      const ids = new Map<string, (typeof GITHUB_DELIVERIES)[number]>();
      for (const delivery of GITHUB_DELIVERIES) {
        const id = randomUUID();
        ids.set(id, delivery);
        const sent = await github(delivery, id);
        // A bot's event (sender.type "Bot", such as GitHub Actions) is logged and dropped, as the App's own would be.
        const outcome = isBotSender(delivery.payload) ? "dropped_bot" : "unmatched";
        expect(sent, `${delivery.event} example ${delivery.index}`).toEqual({ status: 200, outcome });
      }
      expect(GITHUB_DELIVERIES.filter((delivery) => isBotSender(delivery.payload)).length).toBeGreaterThan(0);
      const logged = (await events("github")).filter((event) => ids.has(event.dedup_key ?? ""));
      expect(logged).toHaveLength(329);
      for (const event of logged) {
        const { event: kind, payload } = ids.get(event.dedup_key ?? "") as (typeof GITHUB_DELIVERIES)[number];
        const action = typeof payload.action === "string" ? `.${payload.action}` : "";
        const login = (payload.sender as { login?: string } | undefined)?.login ?? "github";
        expect({ type: event.event_type, sender: event.sender }).toEqual({ type: `${kind}${action}`, sender: login });
      }
    }, 240_000);

    it("answers a GitHub redelivery with the same delivery id as a duplicate", async () => {
      const delivery = GITHUB_DELIVERIES.find((d) => d.event === "issues" && d.payload.action === "opened");
      if (delivery === undefined) throw new Error("no issues.opened example");
      const id = randomUUID();
      expect(await github(delivery, id)).toEqual({ status: 200, outcome: "unmatched" });
      expect(await github(delivery, id)).toEqual({ status: 200, outcome: "duplicate" });
    });

    it("refuses a GitHub delivery with a wrong or a missing signature as 401", async () => {
      const delivery = GITHUB_DELIVERIES[0] as (typeof GITHUB_DELIVERIES)[number];
      expect((await github(delivery, randomUUID(), `${GITHUB_SECRET}x`)).status).toBe(401);
      const body = JSON.stringify(delivery.payload);
      const unsigned = await post("github", body, { "x-github-event": delivery.event, "x-github-delivery": "d-1" });
      expect(unsigned.status).toBe(401);
    });

    it("accepts Stripe events signed with the stripe package's test header, deduplicates by event id", async () => {
      for (const event of STRIPE_EVENTS) {
        const payload = JSON.stringify(event);
        const header = stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
        expect(await post("stripe", payload, { "stripe-signature": header })).toEqual({
          status: 200,
          outcome: "unmatched",
        });
        const retry = stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
        expect(await post("stripe", payload, { "stripe-signature": retry })).toEqual({
          status: 200,
          outcome: "duplicate",
        });
      }
      const logged = await events("stripe");
      for (const event of STRIPE_EVENTS) {
        expect(logged.find((e) => e.dedup_key === event.id && e.outcome !== "duplicate")).toMatchObject({
          event_type: event.type,
          sender: event.account ?? "stripe",
          outcome: "unmatched",
        });
      }
    });

    it("refuses a Stripe event with a wrong secret, an old timestamp or no signature as 401", async () => {
      const payload = JSON.stringify({ ...STRIPE_EVENTS[0], id: "evt_refused" });
      const wrong = stripe.webhooks.generateTestHeaderString({ payload, secret: `${STRIPE_SECRET}x` });
      const old = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      });
      expect((await post("stripe", payload, { "stripe-signature": wrong })).status).toBe(401);
      expect((await post("stripe", payload, { "stripe-signature": old })).status).toBe(401);
      expect((await post("stripe", payload, {})).status).toBe(401);
    });

    it("accepts Shopify webhooks signed per its documented scheme, deduplicates by webhook id", async () => {
      for (const webhook of SHOPIFY_WEBHOOKS) {
        const body = JSON.stringify(webhook.body);
        const headers = {
          "x-shopify-topic": webhook.topic,
          "x-shopify-hmac-sha256": shopifyHmac(SHOPIFY_SECRET, body),
          "x-shopify-shop-domain": "acme.myshopify.com",
          "x-shopify-webhook-id": randomUUID(),
          "x-shopify-event-id": randomUUID(),
          "x-shopify-api-version": "2025-01",
        };
        expect(await post("shopify", body, headers)).toEqual({ status: 200, outcome: "unmatched" });
        expect(await post("shopify", body, headers)).toEqual({ status: 200, outcome: "duplicate" });
        const logged = (await events("shopify")).find((e) => e.dedup_key === headers["x-shopify-webhook-id"]);
        expect(logged).toMatchObject({ event_type: webhook.topic, sender: "acme.myshopify.com" });
      }
    });

    it("refuses a Shopify webhook with a wrong or missing signature as 401", async () => {
      const body = JSON.stringify(SHOPIFY_WEBHOOKS[0]?.body);
      const headers = { "x-shopify-topic": "orders/create", "x-shopify-webhook-id": randomUUID() };
      const wrong = { ...headers, "x-shopify-hmac-sha256": shopifyHmac(`${SHOPIFY_SECRET}x`, body) };
      expect((await post("shopify", body, wrong)).status).toBe(401);
      expect((await post("shopify", body, headers)).status).toBe(401);
    });
  });
}

/** Shopify's documented scheme: base64 HMAC-SHA256 of the raw body under the app's client secret. */
function shopifyHmac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

function isBotSender(payload: Record<string, unknown>): boolean {
  return (payload.sender as { type?: string } | undefined)?.type === "Bot";
}
