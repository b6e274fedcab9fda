import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Service } from "../src/index.ts";
import { createTestClock, openServiceAt } from "./helpers/schedule-clock.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import { createTenant, createWorkflow, startTestService, type TestService } from "./helpers/test-service.ts";

const TRIGGERS = 1000;
// Four spellings of one daily slot at 09:00 UTC on Mondays to Fridays.
const SHAPES = [
  { schedule: "0 9 * * *" },
  { schedule: "every day at 9" },
  { schedule: "every weekday at 9am" },
  { schedule: "every day at 10", timezone: "Europe/Berlin" },
];
const lane = STORE_LANES.find((candidate) => candidate.name === "postgres");
if (lane === undefined) throw new Error("no PostgreSQL lane");

describe.skipIf(lane.skip)(`two scheduler instances on one database (D22) ${lane.title}`, () => {
  const clock = createTestClock("2025-01-06T08:59:00.000Z");
  let first: TestService;
  let second: Service;

  beforeAll(async () => {
    first = await startTestService(lane, { now: clock.now, worker: false, scheduler: { batchSize: 50 } });
    second = await openServiceAt(first.location, { now: clock.now, scheduler: { batchSize: 50 } });
    const acme = await createTenant(first, "acme");
    const workflow = await createWorkflow(first, acme.token);
    for (let start = 0; start < TRIGGERS; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, offset) => {
          const response = await first.call(`/api/v1/workflows/${workflow.id}/triggers`, {
            token: acme.token,
            json: { type: "schedule", name: `t${start + offset}`, ...SHAPES[(start + offset) % SHAPES.length] },
          });
          if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** How many trigger runs each (trigger, slot) has, and how many schedule runs were queued. */
  async function census(slot: string) {
    const { db } = first.service.store;
    const perTrigger = await db
      .selectFrom("triggers")
      .leftJoin("trigger_runs", (join) =>
        join.onRef("trigger_runs.trigger_id", "=", "triggers.id").on("trigger_runs.scheduled_for", "=", slot),
      )
      .select(["triggers.id", (eb) => eb.fn.count<string>("trigger_runs.id").as("firings")])
      .groupBy("triggers.id")
      .execute();
    const runs = await db
      .selectFrom("workflow_runs")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("source", "=", "schedule")
      .executeTakeFirstOrThrow();
    const statuses = await db.selectFrom("trigger_runs").select("status").where("scheduled_for", "=", slot).execute();
    return {
      counts: new Set(perTrigger.map((row) => Number(row.firings))),
      triggers: perTrigger.length,
      runs: Number(runs.count),
      statuses: new Set(statuses.map((row) => row.status)),
    };
  }

  it("fires every one of 1,000 triggers due in the same minute exactly once between them", async () => {
    clock.set("2025-01-06T09:00:00.250Z");
    await Promise.all([first.service.scheduler?.tick(), second.scheduler?.tick()]);
    expect(await census("2025-01-06T09:00:00.000Z")).toEqual({
      counts: new Set([1]),
      triggers: TRIGGERS,
      runs: TRIGGERS,
      statuses: new Set(["succeeded"]),
    });
    const next = await first.service.store.db
      .selectFrom("triggers")
      .select(["next_fire_at", "fire_count"])
      .distinct()
      .execute();
    expect(next).toEqual([{ next_fire_at: "2025-01-07T09:00:00.000Z", fire_count: 1 }]);
  });

  it("still fires each slot once when claims do not keep the instances apart", async () => {
    // With no lease both instances chase the same rows; the row lock and the slot check decide who fires.
    const third = await openServiceAt(first.location, { now: clock.now, scheduler: { batchSize: 25, leaseMs: 0 } });
    const fourth = await openServiceAt(first.location, { now: clock.now, scheduler: { batchSize: 25, leaseMs: 0 } });
    try {
      clock.set("2025-01-07T09:00:00.250Z");
      await Promise.all([third.scheduler?.tick(), fourth.scheduler?.tick(), third.scheduler?.tick()]);
      expect(await census("2025-01-07T09:00:00.000Z")).toEqual({
        counts: new Set([1]),
        triggers: TRIGGERS,
        runs: 2 * TRIGGERS,
        statuses: new Set(["succeeded"]),
      });
    } finally {
      await Promise.all([third.close(), fourth.close()]);
    }
  });
});
