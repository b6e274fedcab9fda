import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { openStore, type Store } from "../store/index.ts";
import { withCallbackTables } from "./callback-tables.ts";
import { claimCallbacks } from "./claim-callbacks.ts";
import { recordAttempt } from "./record-attempt.ts";

const t0 = new Date("2030-01-01T00:00:00.000Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`claimCallbacks and recordAttempt ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    let organizationId: number;
    const claim = (now: Date, limit = 10) =>
      claimCallbacks(store.db, { dialect: store.dialect, limit, leaseMs: 60_000, now });
    const row = (id: number) =>
      withCallbackTables(store.db)
        .selectFrom("callback_deliveries")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const insert = async (dueSeconds: number, status: "pending" | "delivered" = "pending") => {
      const inserted = await withCallbackTables(store.db)
        .insertInto("callback_deliveries")
        .values({
          organization_id: organizationId,
          workflow_run_id: 1,
          event_type: "workflow_run.completed",
          url: "http://127.0.0.1:9/",
          webhook_id: `msg_${Math.random().toString(36).slice(2)}`,
          payload: "{}",
          status,
          next_attempt_at: at(dueSeconds).toISOString(),
          last_status: null,
          last_error: null,
          created_at: t0.toISOString(),
          finished_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return inserted.id;
    };

    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
      organizationId = (await seedWorkflow(store)).organization_id;
    });
    beforeEach(async () => {
      await withCallbackTables(store.db).deleteFrom("callback_deliveries").execute();
    });
    afterAll(async () => {
      await store?.close();
      await location?.dispose();
    });

    it("claims due pending rows oldest first, counts the attempt and leases the row", async () => {
      const later = await insert(-1);
      const earlier = await insert(-2);
      await insert(5);
      await insert(-3, "delivered");
      const [first] = await claim(t0, 1);
      expect(first?.id).toBe(earlier);
      const rest = await claim(t0);
      expect(rest.map((r) => r.id)).toEqual([later]);
      expect([first, ...rest].every((r) => r?.attempts === 1 && r.next_attempt_at === at(60).toISOString())).toBe(true);
    });

    it("does not claim a row again until its lease runs out", async () => {
      const id = await insert(0);
      expect(await claim(t0)).toHaveLength(1);
      expect(await claim(at(59))).toHaveLength(0);
      const again = await claim(at(60));
      expect(again.map((r) => [r.id, r.attempts])).toEqual([[id, 2]]);
    });

    it("respects the limit", async () => {
      await Promise.all([insert(0), insert(0), insert(0)]);
      expect(await claim(t0, 2)).toHaveLength(2);
      expect(await claim(t0, 0)).toHaveLength(0);
    });

    it("hands rows to concurrent claimers without overlap", async () => {
      for (let index = 0; index < 20; index += 1) await insert(0);
      const batches = await Promise.all(Array.from({ length: 4 }, () => claim(t0, 5)));
      const ids = batches.flat().map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(20);
    });

    it("records a failure with the next retry, and a success or a 410 as final", async () => {
      const failing = await insert(0);
      const [first] = await claim(t0);
      expect(
        await recordAttempt(store.db, first!, { kind: "failed", status: 500, error: "HTTP 500" }, { now: t0 }),
      ).toBe("pending");
      expect(await row(failing)).toMatchObject({ next_attempt_at: at(5).toISOString(), last_status: 500 });
      const [second] = await claim(at(5));
      expect(await recordAttempt(store.db, second!, { kind: "gone", status: 410 }, { now: at(5) })).toBe("gone");
      expect(await row(failing)).toMatchObject({ status: "gone", next_attempt_at: null, attempts: 2 });
      expect(await claim(at(1_000_000))).toHaveLength(0);
    });

    it("dead-letters once the schedule is exhausted", async () => {
      const id = await insert(0);
      const [claimed] = await claim(t0);
      const outcome = { kind: "failed", status: null, error: "refused" } as const;
      expect(await recordAttempt(store.db, claimed!, outcome, { now: t0, retryDelaysMs: [] })).toBe("dead");
      expect(await row(id)).toMatchObject({ status: "dead", next_attempt_at: null, finished_at: t0.toISOString() });
    });

    it("ignores the outcome of a stale claim and hands an aborted attempt back uncounted", async () => {
      const id = await insert(0);
      const [stale] = await claim(t0);
      const [current] = await claim(at(60));
      expect(
        await recordAttempt(store.db, stale!, { kind: "delivered", status: 200 }, { now: at(61) }),
      ).toBeUndefined();
      expect((await row(id)).status).toBe("pending");
      expect(await recordAttempt(store.db, current!, { kind: "aborted" }, { now: at(61) })).toBe("pending");
      expect(await row(id)).toMatchObject({ attempts: 1, next_attempt_at: at(61).toISOString() });
    });
  });
}
