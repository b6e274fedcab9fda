import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { openStore, type Store, type WorkflowRow } from "../store/index.ts";
import { claimDueTriggers } from "./claim-due-triggers.ts";
import { nextDueAt } from "./next-due-at.ts";

const NOW = new Date("2025-01-06T09:00:00.500Z");

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`claiming due schedule triggers ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    let workflow: WorkflowRow;

    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
      workflow = await seedWorkflow(store);
    });
    afterEach(async () => {
      await store.db.deleteFrom("triggers").execute();
    });
    afterAll(async () => {
      await store?.close();
      await location?.dispose();
    });

    async function insert(nextFireAt: string | null, extra: { enabled?: number; type?: string } = {}) {
      const at = NOW.toISOString();
      const row = await store.db
        .insertInto("triggers")
        .values({
          organization_id: workflow.organization_id,
          workflow_id: workflow.id,
          type: extra.type ?? "schedule",
          name: "t",
          enabled: extra.enabled ?? 1,
          last_fired_at: null,
          callback_url: null,
          created_at: at,
          updated_at: at,
          cron: "0 9 * * *",
          timezone: "UTC",
          next_fire_at: nextFireAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }

    const claim = (now = NOW, limit = 10) =>
      claimDueTriggers(store.db, { dialect: store.dialect, limit, leaseMs: 60_000, now });

    it("claims enabled schedule triggers that are due, earliest first, up to the limit", async () => {
      const later = await insert("2025-01-06T09:00:00.000Z");
      const earlier = await insert("2025-01-06T08:00:00.000Z");
      await insert("2025-01-06T09:00:01.000Z");
      await insert(null);
      await insert("2025-01-06T07:00:00.000Z", { enabled: 0 });
      await insert("2025-01-06T07:00:00.000Z", { type: "webhook" });
      const claims = await claim(NOW, 1);
      expect(claims).toEqual([{ id: earlier, slot: "2025-01-06T08:00:00.000Z", lease: expect.any(String) }]);
      const again = await claim(NOW, 10);
      expect(again.map((item) => item.id)).toEqual(lane.name === "postgres" ? [later] : [earlier, later]);
    });

    it.skipIf(lane.name !== "postgres")("leaves a claimed trigger alone until its lease runs out", async () => {
      const id = await insert("2025-01-06T09:00:00.000Z");
      await insert("2025-01-06T10:00:00.000Z");
      expect(await claim()).toEqual([{ id, slot: "2025-01-06T09:00:00.000Z", lease: "2025-01-06T09:01:00.500Z" }]);
      expect(await claim(new Date("2025-01-06T09:00:59.000Z"))).toEqual([]);
      expect(await nextDueAt(store.db, NOW)).toEqual(new Date("2025-01-06T10:00:00.000Z"));
      expect((await claim(new Date("2025-01-06T09:01:00.500Z"))).map((item) => item.id)).toEqual([id]);
    });

    it.skipIf(lane.name !== "sqlite")("claims without a lease on SQLite, where one instance runs", async () => {
      const id = await insert("2025-01-06T09:00:00.000Z");
      expect((await claim()).map((item) => item.id)).toEqual([id]);
      expect((await claim()).map((item) => item.id)).toEqual([id]);
      const row = await store.db.selectFrom("triggers").select("claimed_until").where("id", "=", id).executeTakeFirst();
      expect(row).toEqual({ claimed_until: null });
    });

    it("tells when the earliest enabled schedule trigger comes due, and null when none is scheduled", async () => {
      expect(await nextDueAt(store.db, NOW)).toBeNull();
      await insert("2025-01-06T10:00:00.000Z");
      await insert("2025-01-06T07:00:00.000Z", { enabled: 0 });
      await insert("2025-01-06T07:00:00.000Z", { type: "webhook" });
      await insert("2025-01-06T09:00:00.000Z");
      expect(await nextDueAt(store.db, NOW)).toEqual(new Date("2025-01-06T09:00:00.000Z"));
    });
  });
}
