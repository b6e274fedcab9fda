import { inboundEventPageSchema } from "@adapterkit/contract";
import { signSlackV0, signStandardWebhook } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAppTables } from "../../src/apps/app-tables.ts";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { readProblem } from "../helpers/test-service.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the inbound endpoint's answers (A9) ${lane.title}`, () => {
    let world: InboundWorld;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { worker: false });
    });
    afterAll(async () => world?.close());

    const events = async (id: string) =>
      inboundEventPageSchema.parse(
        await (await world.test.call(`/api/v1/installations/${id}/events`, { token: world.tenant.token })).json(),
      ).items;

    it("answers 404 for an id no installation has, whatever its shape, before reading a large body", async () => {
      for (const id of ["inst_AAAAAAAAAAAAAAAAAAAAAA", "nope", "1"]) {
        const response = await world.test.call(`/api/v1/apps/${id}/inbound`, { body: "x".repeat(2 ** 21) });
        expect((await readProblem(response)).code).toBe("not_found");
      }
    });

    it("answers 413 for a body over 1 MiB to an installation, before calling the adapter", async () => {
      const response = await world.test.call(inboundPath(world.installations.webhook), {
        body: "x".repeat(2 ** 20 + 1),
      });
      expect((await readProblem(response)).code).toBe("payload_too_large");
      expect(await events(world.installations.webhook.id)).toEqual([]);
    });

    it("answers a handshake with the adapter's string challenge_response exactly, as text/plain", async () => {
      const body = JSON.stringify({ type: "url_verification", challenge: "abc 123 é" });
      const response = await world.test.call(inboundPath(world.installations.chat), {
        body,
        headers: signedChat(world, body),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe("abc 123 é");
    });

    it("answers 503 with Retry-After while the adapter is unreachable, and records adapter_failed", async () => {
      const body = JSON.stringify({ type: "ping", sender: "s", message: "m" });
      const headers = signStandardWebhook({ secret: world.webhook.credentials.signing_secret, body });
      const moveAdapter = (baseUrl: string) =>
        withAppTables(world.test.service.store.db)
          .updateTable("apps")
          .set({ base_url: baseUrl })
          .where("slug", "=", "webhook")
          .execute()
          // A write behind the service's back is seen after the inbound cache's TTL (D176); this one is told.
          .then(() => world.test.service.context.inboundCache.forget());
      await moveAdapter("http://127.0.0.1:9/webhook");
      const response = await world.test.call(inboundPath(world.installations.webhook), { body, headers });
      expect((await readProblem(response)).code).toBe("adapter_unavailable");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect((await events(world.installations.webhook.id))[0]).toMatchObject({ outcome: "adapter_failed" });
      await moveAdapter(world.adapters.webhook);
      const again = await world.test.call(inboundPath(world.installations.webhook), { body, headers });
      expect(again.status).toBe(200);
    });

    it("answers 410 once the installation is uninstalled, and nothing reaches the adapter", async () => {
      const response = await world.test.call(`/api/v1/installations/${world.installations.chat.id}`, {
        token: world.tenant.token,
        method: "DELETE",
      });
      expect(response.status).toBe(200);
      const before = (await events(world.installations.chat.id)).length;
      const gone = await world.test.call(inboundPath(world.installations.chat), { body: "{}" });
      expect((await readProblem(gone)).code).toBe("gone");
      expect(gone.status).toBe(410);
      expect(await events(world.installations.chat.id)).toHaveLength(before);
    });
  });
}

function signedChat(world: InboundWorld, body: string): Record<string, string> {
  return {
    "content-type": "application/json",
    ...signSlackV0({ secret: world.chat.credentials.signing_secret, body }),
  };
}
