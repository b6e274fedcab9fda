import { setTimeout as sleep } from "node:timers/promises";
import type { BrokenAdapter } from "../run-against.ts";

/** The run's p95 budget; tiny, so only a fault can cross it by the margin below. */
const BUDGET_MS = 2;
/** Every health answer waits fifty times the budget: no scheduling jitter closes that gap. */
const HEALTH_DELAY_MS = BUDGET_MS * 50;

/** Takes far longer than the budget for every health answer (a dependency checked on every poll). */
export const slowHealth: BrokenAdapter = {
  fault: "p95 over the latency budget",
  adapter: {
    overrides: {
      health: async () => {
        await sleep(HEALTH_DELAY_MS);
        return undefined;
      },
    },
  },
  caughtBy: ["performance.p95-budget"],
  run: { latencyBudgetMs: BUDGET_MS },
};
