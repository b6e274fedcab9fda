import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCallbackTables } from "../../src/callbacks/callback-tables.ts";
import { createService, type Service } from "../../src/index.ts";
import { enqueueRun } from "../../src/runs/index.ts";
import { seedWorkflow } from "../helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../helpers/store-lanes.ts";
import { type CallbackReceiver, eventually, startCallbackReceiver } from "./callback-receiver.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the callback outbox across a restart (D25) ${lane.title}`, () => {
    const clock = { ms: Date.now() };
    let location: StoreLocation;
    let receiver: CallbackReceiver;
    const open = (callbacks: { pollIntervalMs: number } | false = { pollIntervalMs: 20 }) =>
      createService({
        ...location.options,
        logLevel: "silent",
        now: () => new Date(clock.ms),
        callbacks,
        allowedHosts: ["127.0.0.1"],
      });
    const outbox = (service: Service) =>
      withCallbackTables(service.store.db).selectFrom("callback_deliveries").selectAll().orderBy("id").execute();

    beforeAll(async () => {
      location = await lane.allocate();
      receiver = await startCallbackReceiver();
    });
    afterAll(async () => {
      await receiver?.close();
      await location?.dispose();
    });

    it("delivers a row left pending mid-retry by a service that stopped, with the same webhook-id", async () => {
      receiver.answer(500, 204);
      const first = await open();
      const workflow = await seedWorkflow(first.store, [{ name: "boom", action: "fail" }]);
      await first.store.db
        .updateTable("workflows")
        .set({ callback_url: receiver.url })
        .where("id", "=", workflow.id)
        .execute();
      await first.store.db
        .transaction()
        .execute((trx) =>
          enqueueRun(
            trx,
            { organizationId: workflow.organization_id, workflowId: workflow.id, source: "api", input: null },
            new Date(clock.ms),
          ),
        );
      first.worker?.wake();
      const [failed] = await eventually(
        () => outbox(first),
        (rows) => rows[0]?.last_status === 500,
      );
      expect(failed).toMatchObject({ status: "pending", attempts: 1 });
      await first.close();

      // Not yet due: a service without a dispatcher sees the row waiting, untouched.
      const idle = await open(false);
      expect(await outbox(idle)).toEqual([failed]);
      await idle.close();

      clock.ms += 5000;
      const second = await open();
      try {
        const [delivered] = await eventually(
          () => outbox(second),
          (rows) => rows[0]?.status === "delivered",
        );
        expect(delivered).toMatchObject({ attempts: 2, last_status: 204, webhook_id: failed?.webhook_id });
        expect(receiver.requests.map((request) => [request.status, request.headers["webhook-id"]])).toEqual([
          [500, failed?.webhook_id],
          [204, failed?.webhook_id],
        ]);
      } finally {
        await second.close();
      }
    });
  });
}
