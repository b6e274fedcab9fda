import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock, slotsOf } from "./helpers/schedule-clock.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readJson,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "./helpers/test-service.ts";

// A Monday.
const START = "2025-01-06T08:00:00.000Z";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`scheduler (contract.md#trigger-states, D19, D22) ${lane.title}`, () => {
    const clock = createTestClock(START);
    let test: TestService;
    let acme: Tenant;

    beforeAll(async () => {
      test = await startTestService(lane, { now: clock.now, scheduler: { batchSize: 5 } });
      acme = await createTenant(test, "acme");
    });
    afterAll(async () => test?.close());

    const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
      test.call(path, { token: acme.token, ...init });
    const read = async (id: number) => readJson<Record<string, unknown>>(await api(`/api/v1/triggers/${id}`));
    const tick = (instant: string) => {
      clock.set(instant);
      const scheduler = test.service.scheduler;
      if (scheduler === undefined) throw new Error("the service has no scheduler");
      return scheduler.tick();
    };

    async function createSchedule(body: Record<string, unknown>, stages?: unknown[]): Promise<number> {
      clock.set(START);
      const workflow = await createWorkflow(test, acme.token, stages === undefined ? {} : { stages });
      const response = await api(`/api/v1/workflows/${workflow.id}/triggers`, {
        json: { type: "schedule", name: "digest", ...body },
      });
      if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    }

    it("fires nothing before the slot, then exactly one run at it, with the payload as the run's input", async () => {
      const id = await createSchedule({ schedule: "every day at 9", input_payload: { report: "daily" } });
      await tick("2025-01-06T08:59:59.999Z");
      expect(await slotsOf(test.service, id)).toEqual([]);
      await tick("2025-01-06T09:00:00.120Z");
      await tick("2025-01-06T09:00:30.000Z");
      expect(await slotsOf(test.service, id)).toEqual(["succeeded@2025-01-06T09:00:00.000Z"]);
      const runs = await readJson(await api(`/api/v1/triggers/${id}/runs`));
      expect(runs.items).toEqual([
        expect.objectContaining({ source: "schedule", fired_at: "2025-01-06T09:00:00.120Z", error: null }),
      ]);
      const runId = runs.items[0]?.workflow_run_id as number;
      expect(await waitForRun(test, acme.token, runId)).toMatchObject({
        status: "completed",
        input: { report: "daily" },
      });
      expect(await read(id)).toMatchObject({
        fire_count: 1,
        last_fired_at: "2025-01-06T09:00:00.120Z",
        next_fire_at: "2025-01-07T09:00:00.000Z",
      });
    });

    it("fires at the local time of its zone across a daylight-saving change", async () => {
      const id = await createSchedule({
        schedule: "0 9 * * *",
        timezone: "America/New_York",
        start_date: "2025-03-08",
      });
      expect(await read(id)).toMatchObject({ next_fire_at: "2025-03-08T14:00:00.000Z" });
      await tick("2025-03-08T14:00:01.000Z");
      await tick("2025-03-09T13:00:01.000Z");
      expect(await slotsOf(test.service, id)).toEqual([
        "succeeded@2025-03-08T14:00:00.000Z",
        "succeeded@2025-03-09T13:00:00.000Z",
      ]);
    });

    it("stays enabled but dormant after the end date's last slot", async () => {
      const id = await createSchedule({ schedule: "0 9 * * *", end_date: "2025-01-07" });
      await tick("2025-01-06T09:00:01.000Z");
      await tick("2025-01-07T09:00:01.000Z");
      expect(await read(id)).toMatchObject({ enabled: true, fire_count: 2, next_fire_at: null });
      await tick("2025-01-08T09:00:01.000Z");
      expect(await slotsOf(test.service, id)).toEqual([
        "succeeded@2025-01-06T09:00:00.000Z",
        "succeeded@2025-01-07T09:00:00.000Z",
      ]);
    });

    it("does not fire a disabled trigger when its old slot passes", async () => {
      const id = await createSchedule({ schedule: "0 9 * * *" });
      await api(`/api/v1/triggers/${id}/disable`, { method: "POST" });
      await tick("2025-01-06T09:00:01.000Z");
      expect(await slotsOf(test.service, id)).toEqual([]);
      expect(await read(id)).toMatchObject({ fire_count: 0, next_fire_at: null });
    });

    it("fires at the new time after a PATCH, not at the old one", async () => {
      const id = await createSchedule({ schedule: "0 9 * * *" });
      await api(`/api/v1/triggers/${id}`, { method: "PATCH", json: { schedule: "0 10 * * *" } });
      await tick("2025-01-06T09:00:01.000Z");
      expect(await slotsOf(test.service, id)).toEqual([]);
      await tick("2025-01-06T10:00:01.000Z");
      expect(await slotsOf(test.service, id)).toEqual(["succeeded@2025-01-06T10:00:00.000Z"]);
    });

    it("keeps its slot after a Fire Now, which is recorded apart", async () => {
      const id = await createSchedule({ schedule: "0 9 * * *" });
      clock.set("2025-01-06T08:30:00.000Z");
      expect((await api(`/api/v1/triggers/${id}/fire`, { method: "POST" })).status).toBe(201);
      await tick("2025-01-06T09:00:01.000Z");
      expect(await slotsOf(test.service, id)).toEqual(["succeeded@2025-01-06T09:00:00.000Z"]);
      const runs = await readJson(await api(`/api/v1/triggers/${id}/runs`));
      expect(runs.items.map((item) => item.source)).toEqual(["schedule", "manual"]);
      expect(await read(id)).toMatchObject({ fire_count: 2 });
    });

    it("records a failed firing when the workflow cannot start, and keeps going", async () => {
      const id = await createSchedule({ schedule: "0 9 * * *" }, []);
      await tick("2025-01-06T09:00:01.000Z");
      const runs = await readJson(await api(`/api/v1/triggers/${id}/runs`));
      expect(runs.items).toEqual([
        expect.objectContaining({
          status: "failed",
          workflow_run_id: null,
          error: expect.stringContaining("no stages"),
        }),
      ]);
      expect(await read(id)).toMatchObject({ fire_count: 1, next_fire_at: "2025-01-07T09:00:00.000Z" });
    });

    it("fires every trigger due in the same minute once, across batches", async () => {
      const ids: number[] = [];
      for (let i = 0; i < 12; i += 1) ids.push(await createSchedule({ schedule: `${i % 3} 9 * * *` }));
      await tick("2025-01-06T09:02:30.000Z");
      await tick("2025-01-06T09:02:31.000Z");
      for (const [i, id] of ids.entries()) {
        expect(await slotsOf(test.service, id)).toEqual([`succeeded@2025-01-06T09:0${i % 3}:00.000Z`]);
      }
    });
  });
}
