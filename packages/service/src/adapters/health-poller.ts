import { withAppTables } from "../apps/app-tables.ts";
import type { DropsInboundCache, GroundContext } from "../context/ground-context.ts";
import { listInstalledAppIds } from "../installations/installation-store.ts";
import { createWakeableSleep } from "../store/wakeable-sleep.ts";
import { pollAppHealth } from "./poll-app-health.ts";

/** A8 tuning: the interval (default 60 s), its jitter (default ±10 %) and the random source (tests fix it). */
export interface HealthPollerOptions {
  readonly intervalMs?: number;
  readonly jitter?: number;
  readonly random?: () => number;
}

/** Polls the health of every App that has an active installation. */
export interface HealthPoller {
  start(): void;
  /** One round now: every installed App polled once, concurrently. */
  pollOnce(): Promise<void>;
  stop(): Promise<void>;
}

/** A8: a loop that polls every installed App's `/health` every interval, jittered so instances spread out (D122). */
export function createHealthPoller(
  context: GroundContext & DropsInboundCache,
  options: HealthPollerOptions = {},
): HealthPoller {
  const intervalMs = options.intervalMs ?? 60_000;
  const jitter = options.jitter ?? 0.1;
  const random = options.random ?? Math.random;
  const alarm = createWakeableSleep();
  let running: Promise<void> | undefined;
  let active = false;

  async function pollOnce() {
    const ids = await listInstalledAppIds(context.store.db);
    if (ids.length === 0) return;
    const apps = await withAppTables(context.store.db).selectFrom("apps").selectAll().where("id", "in", ids).execute();
    await Promise.all(apps.map((app) => pollAppHealth(context, app)));
  }

  async function loop() {
    while (active) {
      await alarm.sleep(intervalMs * (1 - jitter + random() * 2 * jitter));
      if (!active) break;
      try {
        await pollOnce();
      } catch (error) {
        context.logger.error({ err: error }, "health polling failed; trying again next round");
      }
    }
  }

  return {
    start() {
      if (active) return;
      active = true;
      running = loop();
    },
    pollOnce,
    async stop() {
      active = false;
      alarm.wake();
      await running;
      running = undefined;
    },
  };
}
