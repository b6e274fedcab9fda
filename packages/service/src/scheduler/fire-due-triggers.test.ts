import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { createReferenceExecutor } from "../runs/index.ts";
import { openStore, type Store, type WorkflowRow } from "../store/index.ts";
import { claimDueTriggers } from "./claim-due-triggers.ts";
import { fireDueTriggers } from "./fire-due-triggers.ts";
import type { FiringDeps } from "./fire-group.ts";

const SLOT = "2025-01-06T09:00:00.000Z";
const NOW = new Date("2025-01-06T09:00:00.300Z");

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`firing a claimed schedule trigger ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    let workflow: WorkflowRow;
    let deps: FiringDeps;

    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
      workflow = await seedWorkflow(store);
      deps = {
        dialect: store.dialect,
        executor: createReferenceExecutor(),
        catchUpWindowMs: 3_600_000,
        now: () => NOW,
      };
    });
    afterEach(async () => {
      await store.db.deleteFrom("triggers").execute();
      await store.db.deleteFrom("workflow_runs").execute();
    });
    afterAll(async () => {
      await store?.close();
      await location?.dispose();
    });

    async function claimOne(inputPayload = JSON.stringify({ n: 1 })) {
      const at = NOW.toISOString();
      const { id } = await store.db
        .insertInto("triggers")
        .values({
          organization_id: workflow.organization_id,
          workflow_id: workflow.id,
          type: "schedule",
          name: "t",
          enabled: 1,
          last_fired_at: null,
          callback_url: null,
          created_at: at,
          updated_at: at,
          schedule: "0 9 * * *",
          cron: "0 9 * * *",
          timezone: "UTC",
          input_payload: inputPayload,
          next_fire_at: SLOT,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const claims = await claimDueTriggers(store.db, { dialect: store.dialect, limit: 10, leaseMs: 60_000, now: NOW });
      const claim = claims.find((candidate) => candidate.id === id);
      if (claim === undefined) throw new Error("nothing claimed");
      return { id, claim };
    }

    const trigger = (id: number) =>
      store.db
        .selectFrom("triggers")
        .select(["next_fire_at", "claimed_until", "fire_count"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const runs = () => store.db.selectFrom("workflow_runs").select(["status", "input", "source"]).execute();

    it("queues one run with the payload, records the slot and moves the trigger on", async () => {
      const { id, claim } = await claimOne();
      expect((await fireDueTriggers(store.db, deps, [claim])).tally).toMatchObject({ fired: 1, skipped: 0 });
      expect(await runs()).toEqual([{ status: "queued", input: '{"n":1}', source: "schedule" }]);
      expect(await trigger(id)).toEqual({
        next_fire_at: "2025-01-07T09:00:00.000Z",
        claimed_until: null,
        fire_count: 1,
      });
    });

    it("skips a claim whose trigger moved on meanwhile, and lets the claim go", async () => {
      const { id, claim } = await claimOne();
      await store.db
        .updateTable("triggers")
        .set({ next_fire_at: "2025-01-06T10:00:00.000Z" })
        .where("id", "=", id)
        .execute();
      expect((await fireDueTriggers(store.db, deps, [claim])).tally).toMatchObject({ fired: 0, skipped: 1 });
      expect(await runs()).toEqual([]);
      expect(await trigger(id)).toEqual({
        next_fire_at: "2025-01-06T10:00:00.000Z",
        claimed_until: null,
        fire_count: 0,
      });
    });

    it("skips a claim whose trigger was disabled or deleted meanwhile", async () => {
      const disabled = await claimOne();
      await store.db.updateTable("triggers").set({ enabled: 0 }).where("id", "=", disabled.id).execute();
      expect((await fireDueTriggers(store.db, deps, [disabled.claim])).tally).toMatchObject({ fired: 0, skipped: 1 });
      await store.db.deleteFrom("triggers").execute();
      const deleted = await claimOne();
      await store.db.deleteFrom("triggers").where("id", "=", deleted.id).execute();
      expect((await fireDueTriggers(store.db, deps, [deleted.claim])).tally).toMatchObject({ fired: 0, skipped: 1 });
      expect(await runs()).toEqual([]);
    });

    it("steps over a slot that already has a trigger run instead of starting a second run", async () => {
      const { id, claim } = await claimOne();
      await store.db
        .insertInto("trigger_runs")
        .values({
          trigger_id: id,
          source: "schedule",
          scheduled_for: SLOT,
          fired_at: SLOT,
          status: "succeeded",
          workflow_run_id: null,
          error: null,
        })
        .execute();
      expect((await fireDueTriggers(store.db, deps, [claim])).tally).toMatchObject({ fired: 0, skipped: 1 });
      expect(await runs()).toEqual([]);
      expect(await trigger(id)).toMatchObject({ next_fire_at: "2025-01-07T09:00:00.000Z", fire_count: 0 });
    });

    it("fires the rest of a group when one trigger fails, and returns the failure with its claim", async () => {
      const broken = await claimOne("{not json");
      const sound = await claimOne();
      const outcome = await fireDueTriggers(store.db, deps, [broken.claim, sound.claim]);
      expect(outcome.tally).toMatchObject({ fired: 1 });
      expect(outcome.failures).toEqual([{ claim: broken.claim, error: expect.any(SyntaxError) }]);
      expect(await runs()).toHaveLength(1);
      expect(await trigger(broken.id)).toMatchObject({ next_fire_at: SLOT, fire_count: 0 });
      expect(await trigger(sound.id)).toMatchObject({ next_fire_at: "2025-01-07T09:00:00.000Z", fire_count: 1 });
    });
  });
}
