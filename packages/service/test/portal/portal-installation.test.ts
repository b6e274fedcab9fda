import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFrontDeskTables } from "../../src/front-desk/front-desk-tables.ts";
import { type InboundWorld, startInboundWorld } from "../helpers/inbound-world.ts";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant } from "../helpers/test-service.ts";
import { HOSTILE } from "./hostile-adapter.ts";

const fixturesOf = (adapter: string) =>
  readFileSync(new URL(`../../../../adapters/${adapter}/conformance.fixtures.json`, import.meta.url), "utf8");
const CHAT_FIXTURES = JSON.parse(fixturesOf("chat")) as {
  inbound: { signing: { secret: string }; samples: { name: string; expect: Record<string, unknown> }[] };
};

/** The chat fixtures with their handshake sample renamed to markup and changed by `change`. */
function chatFixtures(change: (fixtures: typeof CHAT_FIXTURES) => void = () => {}): string {
  const fixtures = structuredClone(CHAT_FIXTURES);
  const handshake = fixtures.inbound.samples.find((sample) => sample.expect.kind === "handshake");
  if (handshake === undefined) throw new Error("the chat fixtures have no handshake sample");
  handshake.name = `url verification ${HOSTILE}`;
  change(fixtures);
  return JSON.stringify(fixtures);
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`portal: an installation's inbound URL check and deliveries ${lane.title}`, () => {
    let world: InboundWorld;
    let client: PortalBrowser;
    let chatPath: string;
    let webhookPath: string;

    const putFixtures = async (slug: string, text: string) => {
      const response = await world.test.call(`/api/v1/apps/${slug}/fixtures`, {
        token: world.tenant.token,
        method: "PUT",
        body: text,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const eventCount = async (id: string) => {
      const response = await world.test.call(`/api/v1/installations/${id}/events`, { token: world.tenant.token });
      return ((await response.json()) as { items: unknown[] }).items.length;
    };

    beforeAll(async () => {
      world = await startInboundWorld(lane, { deliveries: false });
      client = new PortalBrowser(world.test.url);
      await client.signIn(world.tenant.token);
      chatPath = `/marketplace/installations/${world.installations.chat.id}`;
      webhookPath = `/marketplace/installations/${world.installations.webhook.id}`;
    });
    afterAll(async () => {
      await world?.close();
    });

    it("checks the inbound URL with the App's handshake sample through the adapter, recording nothing", async () => {
      await putFixtures("chat", chatFixtures());
      const before = await client.get(chatPath);
      expect(before.html).toContain('<a href="#handshake-heading">Check the inbound URL</a>');
      expect(before.html).toContain('<button type="submit" class="secondary">Check the handshake</button>');
      const events = await eventCount(world.installations.chat.id);
      const checked = await client.post(`${chatPath}/handshake-check`);
      expect(checked.status).toBe(200);
      expect(checked.html).toContain('<span class="badge state-passed">passed</span>');
      expect(checked.html).toContain(
        "Handshake sample <q>url verification &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;</q>: answered.",
      );
      expect(checked.html).toMatch(/The inbound URL answers the platform chal[\w-]{16}\./);
      expect(checked.html).not.toContain("<script>alert(1)</script>");
      expect(await eventCount(world.installations.chat.id)).toBe(events);
    });

    it("says when the adapter refuses the handshake's signature or answers another challenge", async () => {
      await putFixtures(
        "chat",
        chatFixtures((fixtures) => {
          fixtures.inbound.signing.secret = "not-the-installation-secret";
        }),
      );
      const refused = await client.post(`${chatPath}/handshake-check`);
      expect(refused.status).toBe(200);
      expect(refused.html).toContain('<span class="badge state-failed">failed</span>');
      expect(refused.html).toContain(": signature refused.");
      await putFixtures(
        "chat",
        chatFixtures((fixtures) => {
          const handshake = fixtures.inbound.samples.find((sample) => sample.expect.kind === "handshake");
          if (handshake !== undefined) handshake.expect.challenge_response = `other ${HOSTILE}`;
        }),
      );
      const wrong = await client.post(`${chatPath}/handshake-check`);
      expect(wrong.html).toContain(": wrong challenge.");
      expect(wrong.html).toMatch(
        /The inbound URL would answer chal[\w-]{16}; the sample expects other &lt;script&gt;alert\(1\)&lt;\/script&gt;/,
      );
      expect(await eventCount(world.installations.chat.id)).toBe(0);
    });

    it("refuses a forged check, and another project's, and says why there is nothing to check with", async () => {
      expect((await client.post(`${chatPath}/handshake-check`, {}, null)).status).toBe(403);
      const sibling = new PortalBrowser(world.test.url);
      await sibling.signIn((await createTenant(world.test, "demo", "other-project")).token);
      expect((await sibling.post(`${chatPath}/handshake-check`)).status).toBe(404);
      const noFixtures = await client.get(webhookPath);
      expect(noFixtures.html).toContain('<button type="button" disabled aria-describedby="handshake-reason">');
      expect(noFixtures.html).toContain("The App has no fixtures file to take its handshake sample from");
      await putFixtures("webhook", fixturesOf("webhook"));
      const noSample = await client.get(webhookPath);
      expect(noSample.html).toContain("The App&#x27;s fixtures have no handshake sample");
      const refused = await client.post(`${webhookPath}/handshake-check`);
      expect(refused.status).toBe(409);
      expect(refused.html).toContain("fixtures have no handshake sample to send.");
    });

    it("pages the deliveries newest first with their status, keeping the events' page, and escapes them", async () => {
      const id = world.installations.webhook.id;
      const base = Date.parse("2026-01-01T00:00:00Z");
      const rows = Array.from({ length: 25 }, (_, index) => ({
        installation_id: id,
        contact_id: null,
        inbound_event_id: null,
        channel_address: `address-${index} ${HOSTILE}`,
        thread_id: null,
        text: "reply",
        status: index === 0 ? ("dead" as const) : ("delivered" as const),
        attempts: 1,
        next_attempt_at: new Date(base + index * 1000).toISOString(),
        message_id: null,
        last_error: index === 0 ? HOSTILE : null,
        created_at: new Date(base + index * 1000).toISOString(),
        delivered_at: index === 0 ? null : new Date(base + index * 1000).toISOString(),
      }));
      await withFrontDeskTables(world.test.service.store.db).insertInto("deliveries").values(rows).execute();
      const first = await client.get(webhookPath);
      expect(first.html).toContain("address-24 &lt;script&gt;");
      expect(first.html).not.toContain("address-4 ");
      expect(first.html).not.toContain("<script>alert(1)</script>");
      const older = /<a href="([^"]+)" rel="next">Older deliveries<\/a>/
        .exec(first.html)?.[1]
        ?.replaceAll("&#x3D;", "=");
      expect(older).toMatch(/\?deliveries_cursor=[\w-]+#deliveries-heading$/);
      const second = await client.get(`${older}`);
      expect(second.status).toBe(200);
      expect(second.html).toContain("address-4 &lt;script&gt;");
      expect(second.html).toContain('<span class="badge state-dead">dead</span>');
      expect(second.html).toContain("<td>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;</td>");
      expect(second.html).not.toContain("address-24 ");
      expect(second.html).toContain(`<a href="${webhookPath}#deliveries-heading">Newest deliveries</a>`);
      expect(second.html).not.toContain('rel="next">Older deliveries');
      // The events' cursor rides along when the deliveries are paged, and the other way round.
      const both = await client.get(`${webhookPath}?cursor=MTAw&deliveries_cursor=MTAw`);
      expect(both.status).toBe(200);
      expect(both.html).toContain(
        `<a href="${webhookPath}?deliveries_cursor&#x3D;MTAw#events-heading">Newest events</a>`,
      );
      const badCursor = await client.get(`${webhookPath}?deliveries_cursor=%00`);
      expect(badCursor.status).toBe(400);
      expect(badCursor.html).toContain("deliveries_cursor: not a cursor this page returned");
    });
  });
}
