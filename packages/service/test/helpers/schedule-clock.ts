import { createService, type Service, type ServiceOptions } from "../../src/index.ts";
import type { StoreLocation } from "./store-lanes.ts";

/** A clock the test moves by hand; the service reads it as `now`. */
export interface TestClock {
  now(): Date;
  /** Moves the clock to an instant (RFC 3339). */
  set(instant: string): void;
}

/** Starts a hand-moved clock at an instant. */
export function createTestClock(start: string): TestClock {
  let current = new Date(start);
  return {
    now: () => current,
    set(instant) {
      current = new Date(instant);
    },
  };
}

/** Opens another service (not listening) on a location a test service already uses: a restart, or a second instance. */
export async function openServiceAt(location: StoreLocation, options: ServiceOptions = {}): Promise<Service> {
  return createService({ logLevel: "silent", rateLimit: false, worker: false, ...location.options, ...options });
}

/** The trigger runs of a trigger as `status@scheduled_for`, oldest slot first; a quick picture of what fired. */
export async function slotsOf(service: Service, triggerId: number): Promise<string[]> {
  const rows = await service.store.db
    .selectFrom("trigger_runs")
    .select(["status", "scheduled_for"])
    .where("trigger_id", "=", triggerId)
    .where("source", "=", "schedule")
    .orderBy("scheduled_for")
    .execute();
  return rows.map((row) => `${row.status}@${row.scheduled_for}`);
}
