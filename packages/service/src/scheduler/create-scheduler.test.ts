import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { createReferenceExecutor } from "../runs/index.ts";
import { openStore, type Store, type WorkflowRow } from "../store/index.ts";
import { createScheduler, type Scheduler } from "./create-scheduler.ts";

const SLOT = "2025-01-06T09:00:00.000Z";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`scheduler loop ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    let workflow: WorkflowRow;
    let clock = new Date("2025-01-06T09:00:00.500Z");
    let scheduler: Scheduler;
    let workerWakes = 0;
    const logged: string[] = [];

    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
      workflow = await seedWorkflow(store);
      const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(JSON.parse(line).msg) });
      scheduler = createScheduler({
        store,
        executor: createReferenceExecutor(),
        logger,
        now: () => clock,
        wakeWorker: () => {
          workerWakes += 1;
        },
        options: { leaseMs: 60_000 },
      });
    });
    afterEach(async () => {
      await store.db.deleteFrom("triggers").execute();
      logged.length = 0;
    });
    afterAll(async () => {
      await scheduler?.stop();
      await store?.close();
      await location?.dispose();
    });

    async function insert(inputPayload: string | null): Promise<number> {
      const at = clock.toISOString();
      const row = await store.db
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
      return row.id;
    }

    it("tells the run worker when it queued runs", async () => {
      const before = workerWakes;
      await insert(null);
      expect(await scheduler.tick()).toMatchObject({ fired: 1 });
      expect(workerWakes).toBeGreaterThan(before);
      expect(await scheduler.tick()).toMatchObject({ fired: 0 });
    });

    it("logs a trigger that cannot be fired and holds it off for a lease instead of retrying at once", async () => {
      const broken = await insert("{not json");
      expect(await scheduler.tick()).toMatchObject({ fired: 0 });
      expect(logged).toContain("schedule firing failed; retried later");
      const held = await store.db.selectFrom("triggers").selectAll().where("id", "=", broken).executeTakeFirstOrThrow();
      expect(held).toMatchObject({ next_fire_at: SLOT, claimed_until: "2025-01-06T09:01:00.500Z" });
      logged.length = 0;
      await scheduler.tick();
      expect(logged).toEqual([]);
      clock = new Date("2025-01-06T09:01:00.500Z");
      await scheduler.tick();
      expect(logged).toContain("schedule firing failed; retried later");
    });
  });
}
