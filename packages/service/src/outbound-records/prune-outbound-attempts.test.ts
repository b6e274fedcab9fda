import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../../test/helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  startTestService,
  type TestService,
  waitForRun,
} from "../../test/helpers/test-service.ts";
import { withCallbackTables } from "../callbacks/callback-tables.ts";
import { INBOUND_RETENTION_MS } from "../store/record-retention.ts";
import { withAttemptTables } from "./attempt-tables.ts";
import { pruneOutboundAttempts } from "./prune-outbound-attempts.ts";
import { ATTEMPTS_KEPT_PER_DELIVERY, recordOutboundAttempt } from "./record-outbound-attempt.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`outbound attempt retention (D513) ${lane.title}`, () => {
    let test: TestService;
    const now = new Date("2026-03-01T00:00:00.000Z");
    let runId: number;
    let organizationId: number;

    beforeAll(async () => {
      test = await startTestService(lane, { callbacks: false, healthPolling: false });
      const tenant = await createTenant(test, "acme");
      organizationId = tenant.organizationId;
      const { id } = await createWorkflow(test, tenant.token, {});
      const response = await test.call("/api/v1/trigger", { token: tenant.token, json: { workflow_id: id } });
      runId = ((await response.json()) as { workflow_run_id: number }).workflow_run_id;
      await waitForRun(test, tenant.token, runId);
    });
    afterAll(async () => test?.close());

    const delivery = async () => {
      const row = await withCallbackTables(test.service.store.db)
        .insertInto("callback_deliveries")
        .values({
          organization_id: organizationId,
          workflow_run_id: runId,
          event_type: "workflow_run.completed",
          url: "http://127.0.0.1:9/hook",
          webhook_id: `msg_${Math.random().toString(36).slice(2)}`,
          payload: "{}",
          status: "dead",
          next_attempt_at: null,
          last_status: 500,
          last_error: "HTTP 500",
          created_at: now.toISOString(),
          finished_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const attempt = (deliveryId: number, n: number, startedAt: Date) =>
      recordOutboundAttempt(test.service.store.db, "callback_attempts", {
        delivery_id: deliveryId,
        attempt: n,
        started_at: startedAt.toISOString(),
        latency_ms: 5,
        http_status: 500,
        error_class: "http_status",
        error: "HTTP 500",
        excerpt: null,
        excerpt_truncated: 0,
        next_attempt_at: null,
        outcome: "pending",
      });
    const attemptsOf = async (deliveryId: number) =>
      (
        await withAttemptTables(test.service.store.db)
          .selectFrom("callback_attempts")
          .select("attempt")
          .where("delivery_id", "=", deliveryId)
          .orderBy("attempt")
          .execute()
      ).map((row) => row.attempt);

    it("deletes the records older than 30 days and keeps the newer ones", async () => {
      const id = await delivery();
      await attempt(id, 1, new Date(now.getTime() - INBOUND_RETENTION_MS - 1000));
      await attempt(id, 2, new Date(now.getTime() - INBOUND_RETENTION_MS + 1000));
      expect(await pruneOutboundAttempts(test.service.store.db, now)).toBe(1);
      expect(await attemptsOf(id)).toEqual([2]);
    });

    it("keeps at most the cap of records per delivery, the newest", async () => {
      const id = await delivery();
      for (let n = 1; n <= ATTEMPTS_KEPT_PER_DELIVERY + 3; n += 1) await attempt(id, n, now);
      const kept = await attemptsOf(id);
      expect(kept).toHaveLength(ATTEMPTS_KEPT_PER_DELIVERY);
      expect(kept[0]).toBe(4);
      expect(kept.at(-1)).toBe(ATTEMPTS_KEPT_PER_DELIVERY + 3);
    });

    it("deletes a delivery's records with the delivery", async () => {
      const id = await delivery();
      await attempt(id, 1, now);
      await withCallbackTables(test.service.store.db).deleteFrom("callback_deliveries").where("id", "=", id).execute();
      expect(await attemptsOf(id)).toEqual([]);
    });
  });
}
