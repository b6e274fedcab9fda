import type { Stage } from "@adapterkit/contract";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { openStore, type Store } from "../store/index.ts";
import { enqueueRun } from "./enqueue-run.ts";
import { createReferenceExecutor } from "./reference-executor.ts";
import type { RunEvent } from "./run-events.ts";
import { createRunWorker, DEFAULT_RUN_CONCURRENCY, type RunWorkerOptions } from "./run-worker.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`run worker ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;

    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
    });
    afterAll(async () => {
      await store?.close();
      await location?.dispose();
    });

    function worker(events: RunEvent[] = [], options: RunWorkerOptions = { pollIntervalMs: 20 }) {
      return createRunWorker({
        store,
        executor: createReferenceExecutor(),
        onRunEvent: async (_trx, event) => void events.push(event),
        logger: pino({ level: "silent" }),
        now: () => new Date(),
        options,
      });
    }

    async function countByStatus(ids: number[]): Promise<Record<string, number>> {
      const rows = await store.db
        .selectFrom("workflow_runs")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .where("id", "in", ids)
        .groupBy("status")
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    }

    async function enqueue(stages: Stage[]): Promise<number> {
      const workflow = await seedWorkflow(store, stages);
      const run = await store.db.transaction().execute((trx) =>
        enqueueRun(
          trx,
          {
            organizationId: workflow.organization_id,
            workflowId: workflow.id,
            source: "api",
            input: { type: "json", value: 7 },
          },
          new Date(),
        ),
      );
      return run.id;
    }

    async function statusOf(id: number, until: (status: string) => boolean): Promise<string> {
      for (let i = 0; i < 400; i += 1) {
        const row = await store.db
          .selectFrom("workflow_runs")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        if (until(row.status)) return row.status;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`run ${id} never reached the expected status`);
    }

    it("runs a queued run to completion with its outputs and events", async () => {
      const events: RunEvent[] = [];
      const running = worker(events);
      await running.start();
      try {
        const id = await enqueue([
          { name: "a", action: "echo" },
          { name: "b", action: "echo", params: { text: "done" } },
        ]);
        running.wake();
        expect(await statusOf(id, (status) => status === "completed")).toBe("completed");
        const ofRun = events.filter((event) => event.run.id === id).map((event) => event.type);
        expect(ofRun).toEqual(["workflow_run.output", "workflow_run.output", "workflow_run.completed"]);
      } finally {
        await running.stop();
      }
    });

    it(`runs ${DEFAULT_RUN_CONCURRENCY[lane.name]} runs at once by default on ${lane.name} and leaves the rest queued`, async () => {
      const limit = DEFAULT_RUN_CONCURRENCY[lane.name];
      const ids: number[] = [];
      for (let i = 0; i < limit + 3; i += 1)
        ids.push(await enqueue([{ name: "w", action: "wait", params: { ms: 60_000 } }]));
      const running = worker();
      await running.start();
      try {
        running.wake();
        for (let i = 0; i < 400 && (await countByStatus(ids)).running !== limit; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(await countByStatus(ids)).toEqual({ running: limit, queued: 3 });
      } finally {
        await running.stop();
        await store.db.updateTable("workflow_runs").set({ status: "failed" }).where("id", "in", ids).execute();
      }
    });

    it("starts a run enqueued while every slot was busy as soon as a slot frees, without waiting for a poll", async () => {
      const running = worker([], { concurrency: 1, pollIntervalMs: 600_000 });
      await running.start();
      try {
        const first = await enqueue([{ name: "w", action: "wait", params: { ms: 100 } }]);
        running.wake();
        await statusOf(first, (status) => status === "running");
        const second = await enqueue([{ name: "e", action: "echo" }]);
        running.wake();
        expect(await statusOf(second, (status) => status === "completed")).toBe("completed");
        expect(await statusOf(first, () => true)).toBe("completed");
      } finally {
        await running.stop();
      }
    });

    it("fails a run whose workflow became unstartable after it was queued", async () => {
      const running = worker();
      await running.start();
      try {
        const id = await enqueue([{ name: "a", action: "summon" }]);
        running.wake();
        expect(await statusOf(id, (status) => status === "failed")).toBe("failed");
      } finally {
        await running.stop();
      }
    });

    it.skipIf(lane.name !== "sqlite")("recovers at start a run a dead SQLite instance left running", async () => {
      const id = await enqueue([{ name: "e", action: "echo" }]);
      const farFuture = new Date(Date.now() + 3_600_000).toISOString();
      await store.db
        .updateTable("workflow_runs")
        .set({ status: "running", attempts: 1, lease_expires_at: farFuture })
        .where("id", "=", id)
        .execute();
      const running = worker();
      await running.start();
      try {
        expect(await statusOf(id, (status) => status === "completed")).toBe("completed");
      } finally {
        await running.stop();
      }
    });

    it("hands a running run back to the queue when it stops, and a new worker finishes it", async () => {
      const first = worker();
      await first.start();
      const id = await enqueue([{ name: "w", action: "wait", params: { ms: 60_000 } }]);
      first.wake();
      await statusOf(id, (status) => status === "running");
      await first.stop();
      expect(await statusOf(id, () => true)).toBe("queued");
      await store.db
        .updateTable("workflows")
        .set({ stages: JSON.stringify([{ name: "e", action: "echo" }]) })
        .execute();
      const second = worker();
      await second.start();
      try {
        expect(await statusOf(id, (status) => status === "completed")).toBe("completed");
      } finally {
        await second.stop();
      }
    });
  });
}
