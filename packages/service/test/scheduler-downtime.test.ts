import { describe, expect, it } from "vitest";
import type { Service, ServiceOptions } from "../src/index.ts";
import { MAX_MISSED_RECORDS } from "../src/scheduler/index.ts";
import { createTestClock, openServiceAt, slotsOf } from "./helpers/schedule-clock.ts";
import { STORE_LANES, type StoreLane } from "./helpers/store-lanes.ts";
import { createTenant, createWorkflow, startTestService } from "./helpers/test-service.ts";

// A Monday.
const START = "2025-01-06T08:00:00.000Z";

/**
 * Creates schedule triggers on a running service at START, stops it, and starts it again at `restartAt` (the
 * downtime), letting the restarted scheduler catch up; returns the restarted service and the trigger ids.
 */
async function downtime(
  lane: StoreLane,
  input: { schedules: string[]; restartAt: string; options?: ServiceOptions },
): Promise<{ service: Service; ids: number[]; dispose(): Promise<void> }> {
  const clock = createTestClock(START);
  const first = await startTestService(lane, { now: clock.now });
  const acme = await createTenant(first, "acme");
  const workflow = await createWorkflow(first, acme.token);
  const ids: number[] = [];
  for (const schedule of input.schedules) {
    const response = await first.call(`/api/v1/workflows/${workflow.id}/triggers`, {
      token: acme.token,
      json: { type: "schedule", name: schedule, schedule },
    });
    ids.push(((await response.json()) as { id: number }).id);
  }
  await first.service.close();
  clock.set(input.restartAt);
  const service = await openServiceAt(first.location, { now: clock.now, ...input.options });
  await service.scheduler?.tick();
  return {
    service,
    ids,
    async dispose() {
      await service.close();
      await first.location.dispose();
    },
  };
}

async function triggerRow(service: Service, id: number) {
  return service.store.db
    .selectFrom("triggers")
    .select(["fire_count", "next_fire_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`scheduler after downtime (D21) ${lane.title}`, () => {
    it("runs the latest missed slot within the window late, once, and records every other one as missed", async () => {
      const { service, ids, dispose } = await downtime(lane, {
        schedules: ["0 * * * *", "0 9 * * *"],
        restartAt: "2025-01-06T12:30:00.000Z",
      });
      try {
        const [hourly = 0, daily = 0] = ids;
        expect(await slotsOf(service, hourly)).toEqual([
          "missed@2025-01-06T09:00:00.000Z",
          "missed@2025-01-06T10:00:00.000Z",
          "missed@2025-01-06T11:00:00.000Z",
          "succeeded@2025-01-06T12:00:00.000Z",
        ]);
        // The daily slot is 3.5 h old, beyond the default 1 h window: missed, and no run at all.
        expect(await slotsOf(service, daily)).toEqual(["missed@2025-01-06T09:00:00.000Z"]);
        expect(await triggerRow(service, hourly)).toMatchObject({
          fire_count: 1,
          next_fire_at: "2025-01-06T13:00:00.000Z",
        });
        expect(await triggerRow(service, daily)).toMatchObject({
          fire_count: 0,
          next_fire_at: "2025-01-07T09:00:00.000Z",
        });
        const late = await service.store.db
          .selectFrom("trigger_runs")
          .selectAll()
          .where("trigger_id", "=", hourly)
          .where("status", "=", "succeeded")
          .executeTakeFirstOrThrow();
        expect(late).toMatchObject({ fired_at: "2025-01-06T12:30:00.000Z", error: null });
        expect(late.workflow_run_id).not.toBeNull();
        const missed = await service.store.db
          .selectFrom("trigger_runs")
          .selectAll()
          .where("trigger_id", "=", daily)
          .executeTakeFirstOrThrow();
        expect(missed).toMatchObject({
          source: "schedule",
          workflow_run_id: null,
          error: expect.stringContaining("catch-up"),
        });
        await service.scheduler?.tick();
        expect((await slotsOf(service, hourly)).length).toBe(4);
      } finally {
        await dispose();
      }
    });

    it("honours a longer catch-up window from the service settings", async () => {
      const { service, ids, dispose } = await downtime(lane, {
        schedules: ["0 9 * * *"],
        restartAt: "2025-01-06T12:30:00.000Z",
        options: { scheduler: { catchUpWindowMs: 4 * 3_600_000 } },
      });
      try {
        expect(await slotsOf(service, ids[0] ?? 0)).toEqual(["succeeded@2025-01-06T09:00:00.000Z"]);
      } finally {
        await dispose();
      }
    });

    it("records at most the latest missed slots of a long outage and still runs the latest slot", async () => {
      const { service, ids, dispose } = await downtime(lane, {
        schedules: ["* * * * *"],
        restartAt: "2025-01-07T08:00:30.000Z",
      });
      try {
        const slots = await slotsOf(service, ids[0] ?? 0);
        expect(slots.filter((slot) => slot.startsWith("missed@")).length).toBe(MAX_MISSED_RECORDS);
        expect(slots.filter((slot) => slot.startsWith("succeeded@"))).toEqual(["succeeded@2025-01-07T08:00:00.000Z"]);
        expect(slots[0]).toBe(
          `missed@${new Date(Date.parse("2025-01-07T08:00:00.000Z") - MAX_MISSED_RECORDS * 60_000).toISOString()}`,
        );
      } finally {
        await dispose();
      }
    });

    it("fires nothing late and misses nothing when the service was down between slots", async () => {
      const { service, ids, dispose } = await downtime(lane, {
        schedules: ["0 9 * * *"],
        restartAt: "2025-01-06T08:59:00.000Z",
      });
      try {
        expect(await slotsOf(service, ids[0] ?? 0)).toEqual([]);
        expect(await triggerRow(service, ids[0] ?? 0)).toMatchObject({ next_fire_at: "2025-01-06T09:00:00.000Z" });
      } finally {
        await dispose();
      }
    });
  });
}
