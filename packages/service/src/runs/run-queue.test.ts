import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { openStore, type Store, type WorkflowRunRow } from "../store/index.ts";
import { claimRuns } from "./claim-runs.ts";
import { enqueueRun, enqueueRuns } from "./enqueue-run.ts";
import { finishRun } from "./finish-run.ts";
import { recordOutput } from "./record-output.ts";
import { MAX_ATTEMPTS, recoverRuns } from "./recover-runs.ts";
import type { RunEvent, RunEventHandler } from "./run-events.ts";

const noEvents: RunEventHandler = async () => {};

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`durable run queue ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    const extra: Store[] = [];

    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
    });
    afterEach(async () => {
      // Leave no queued run behind for the next test's claims.
      await store.db
        .updateTable("workflow_runs")
        .set({ status: "failed" })
        .where("status", "in", ["queued", "running"])
        .execute();
    });
    afterAll(async () => {
      for (const other of extra) await other.close();
      await store?.close();
      await location?.dispose();
    });

    async function enqueue(count: number): Promise<WorkflowRunRow[]> {
      const workflow = await seedWorkflow(store);
      const runs: WorkflowRunRow[] = [];
      for (let i = 0; i < count; i += 1) {
        const run = await store.db
          .transaction()
          .execute((trx) =>
            enqueueRun(
              trx,
              { organizationId: workflow.organization_id, workflowId: workflow.id, source: "api", input: null },
              new Date(),
            ),
          );
        runs.push(run);
      }
      return runs;
    }
    const claim = (on: Store, limit: number) =>
      claimRuns(on.db, { dialect: on.dialect, limit, leaseMs: 60_000, now: new Date() });

    it("enqueues many runs at once, each with its own session in its own organization, ids in the order given", async () => {
      const [first, second] = [await seedWorkflow(store), await seedWorkflow(store)];
      if (first === undefined || second === undefined) throw new Error("no workflows");
      // 1,100 runs cross the 500-row statement limit twice; the organizations alternate.
      const runs = Array.from({ length: 1100 }, (_, index) => {
        const workflow = index % 2 === 0 ? first : second;
        return {
          organizationId: workflow.organization_id,
          workflowId: workflow.id,
          source: "schedule" as const,
          input: { type: "json" as const, value: { index } },
        };
      });
      const ids = await store.db.transaction().execute((trx) => enqueueRuns(trx, runs, new Date()));
      const rows = await store.db
        .selectFrom("workflow_runs")
        .innerJoin("sessions", "sessions.id", "workflow_runs.session_id")
        .select([
          "workflow_runs.id",
          "workflow_runs.organization_id",
          "workflow_runs.input",
          "workflow_runs.status",
          "sessions.organization_id as session_organization_id",
        ])
        .where("workflow_runs.id", "in", ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(new Set(ids).size).toBe(runs.length);
      ids.forEach((id, index) => {
        const row = byId.get(id);
        expect(row?.status).toBe("queued");
        expect(row?.organization_id).toBe(runs[index]?.organizationId);
        expect(row?.session_organization_id).toBe(runs[index]?.organizationId);
        expect(JSON.parse(row?.input ?? "null")).toEqual({ index });
      });
      const sessions = await store.db
        .selectFrom("workflow_runs")
        .select("session_id")
        .distinct()
        .where("id", "in", ids)
        .execute();
      expect(sessions).toHaveLength(runs.length);
    });

    it("claims queued runs oldest first and marks them running under a lease", async () => {
      const runs = await enqueue(3);
      const claimed = await claim(store, 2);
      expect(claimed.map((run) => run.id)).toEqual(runs.slice(0, 2).map((run) => run.id));
      expect(
        claimed.every((run) => run.status === "running" && run.attempts === 1 && run.lease_expires_at !== null),
      ).toBe(true);
      expect((await claim(store, 5)).map((run) => run.id)).toEqual([runs[2]?.id]);
      expect(await claim(store, 5)).toEqual([]);
    });

    it("never gives one run to two concurrent claimers", async () => {
      const runs = await enqueue(40);
      // On PostgreSQL a second store is a second pool, like a second instance; on SQLite the one store serialises.
      const other = lane.name === "postgres" ? await openStore(location.options) : store;
      if (other !== store) extra.push(other);
      const batches = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(i % 2 === 0 ? store : other, 7)));
      const ids = batches.flat().map((run) => run.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(runs.map((run) => run.id));
    });

    it("emits events in the run's own transaction, so a failing handler undoes the change", async () => {
      const [run] = await enqueue(1);
      const [claimed] = await claim(store, 1);
      if (run === undefined || claimed === undefined) throw new Error("setup");
      const failing: RunEventHandler = async () => {
        throw new Error("outbox is down");
      };
      const result = { status: "completed", output: 1 } as const;
      await expect(finishRun(store.db, claimed, result, { now: new Date(), onRunEvent: failing })).rejects.toThrow(
        "outbox",
      );
      const after = await store.db
        .selectFrom("workflow_runs")
        .select("status")
        .where("id", "=", run.id)
        .executeTakeFirst();
      expect(after?.status).toBe("running");
      const events: RunEvent[] = [];
      const recording: RunEventHandler = async (trx, event) => {
        events.push(event);
        await trx
          .insertInto("organizations")
          .values({ name: `outbox-${event.run.id}`, created_at: event.at })
          .execute();
      };
      expect(await finishRun(store.db, claimed, result, { now: new Date(), onRunEvent: recording })).toBe(true);
      expect(events.map((event) => event.type)).toEqual(["workflow_run.completed"]);
      const row = await store.db
        .selectFrom("organizations")
        .select("name")
        .where("name", "=", `outbox-${run.id}`)
        .executeTakeFirst();
      expect(row).toBeDefined();
    });

    it("numbers outputs and refuses outputs and results from a stale claim", async () => {
      await enqueue(1);
      const [claimed] = await claim(store, 1);
      if (claimed === undefined) throw new Error("setup");
      const events: RunEvent[] = [];
      const onRunEvent: RunEventHandler = async (_trx, event) => void events.push(event);
      await recordOutput(
        store.db,
        claimed,
        { stage: "a", data: 1 },
        { dialect: store.dialect, now: new Date(), onRunEvent },
      );
      await recordOutput(
        store.db,
        claimed,
        { stage: "b", data: 2 },
        { dialect: store.dialect, now: new Date(), onRunEvent },
      );
      expect(events.map((event) => (event.type === "workflow_run.output" ? event.sequence : -1))).toEqual([0, 1]);
      const stale = { id: claimed.id, attempts: claimed.attempts - 1 };
      await expect(
        recordOutput(store.db, stale, { stage: "c", data: 3 }, { dialect: store.dialect, now: new Date(), onRunEvent }),
      ).rejects.toThrow();
      expect(await finishRun(store.db, stale, { status: "failed", error: "x" }, { now: new Date(), onRunEvent })).toBe(
        false,
      );
    });

    it("requeues runs whose lease expired and fails them after the last attempt", async () => {
      const [run] = await enqueue(1);
      if (run === undefined) throw new Error("setup");
      const events: RunEvent[] = [];
      const onRunEvent: RunEventHandler = async (_trx, event) => void events.push(event);
      const later = new Date(Date.now() + 120_000);
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        expect((await claim(store, 1)).map((row) => row.id)).toEqual([run.id]);
        const result = await recoverRuns(store.db, { expiredBefore: later, now: later, onRunEvent });
        expect(result).toEqual(attempt < MAX_ATTEMPTS ? { requeued: 1, failed: 0 } : { requeued: 0, failed: 1 });
      }
      const after = await store.db
        .selectFrom("workflow_runs")
        .selectAll()
        .where("id", "=", run.id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ status: "failed", error: expect.stringContaining("interrupted") });
      expect(events.map((event) => event.type)).toEqual(["workflow_run.failed"]);
    });

    it("leaves runs whose lease is still valid alone", async () => {
      await enqueue(1);
      await claim(store, 1);
      expect(await recoverRuns(store.db, { expiredBefore: new Date(), now: new Date(), onRunEvent: noEvents })).toEqual(
        {
          requeued: 0,
          failed: 0,
        },
      );
    });
  });
}
