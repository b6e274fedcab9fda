import { signStandardWebhook } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withInstallationTables } from "../../src/installations/installation-tables.ts";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, readProblem } from "../helpers/test-service.ts";

// D176: the inbound path keeps installations in memory; a change through this service is seen by the next event. A
// change behind its back is seen by the next event on PostgreSQL (the store's generation, D420; two instances in
// inbound-cache-instances.test.ts) and once the entry is older than `inboundCacheMs` on SQLite (one process's).
const TTL_MS = 300;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the inbound cache (D176) ${lane.title}`, () => {
    let world: InboundWorld;
    let sent = 0;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { worker: false, deliveries: false, inboundCacheMs: TTL_MS });
      const workflow = await createWorkflow(world.test, world.tenant.token, {
        stages: [{ name: "handle", action: "echo" }],
      });
      await createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.webhook.id,
        event_type: "order.created",
        target_stage: "handle",
      });
    });
    afterAll(async () => world?.close());

    const post = async () => {
      sent += 1;
      const body = JSON.stringify({ type: "order.created", sender: "shop", message: `order ${sent}` });
      const headers = signStandardWebhook({ secret: world.webhook.credentials.signing_secret, body });
      return world.test.call(inboundPath(world.installations.webhook), { body, headers });
    };
    const outcome = async () => {
      const response = await post();
      expect(response.status).toBe(200);
      return (await response.json()) as { outcome: string; workflow_run_ids: number[] };
    };
    const patch = (json: unknown) =>
      world.test.call(`/api/v1/installations/${world.installations.webhook.id}`, {
        token: world.tenant.token,
        method: "PATCH",
        json,
      });

    it("sends the next event to the front desk once the toggle is turned on, and to triggers once off", async () => {
      expect((await outcome()).workflow_run_ids).toHaveLength(1);
      expect((await patch({ front_desk: true })).status).toBe(200);
      expect(await outcome()).toMatchObject({ outcome: "accepted", workflow_run_ids: [] });
      expect((await patch({ front_desk: false })).status).toBe(200);
      expect((await outcome()).workflow_run_ids).toHaveLength(1);
    });

    const behindItsBack =
      lane.name === "postgres"
        ? "at once (the store's generation moved)"
        : "once the entry is older than inboundCacheMs";
    it(`sees a change made behind its back ${behindItsBack}`, async () => {
      expect((await outcome()).workflow_run_ids).toHaveLength(1);
      await withInstallationTables(world.test.service.store.db)
        .updateTable("installations")
        .set({ front_desk: 1 })
        .where("id", "=", world.installations.webhook.id)
        .execute();
      if (lane.name !== "postgres") await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
      expect(await outcome()).toMatchObject({ outcome: "accepted", workflow_run_ids: [] });
      expect((await patch({ front_desk: false })).status).toBe(200);
    });

    it("answers 410 for the very next event after the uninstall", async () => {
      expect((await outcome()).outcome).toBe("accepted");
      const uninstalled = await world.test.call(`/api/v1/installations/${world.installations.webhook.id}`, {
        token: world.tenant.token,
        method: "DELETE",
      });
      expect(uninstalled.status).toBe(200);
      const gone = await post();
      expect(gone.status).toBe(410);
      expect((await readProblem(gone)).code).toBe("gone");
    });
  });
}
