import { setTimeout as sleep } from "node:timers/promises";
import type { BrokenAdapter } from "../run-against.ts";

/** Takes 150 ms per health answer (a dependency checked on every poll), over the 100 ms budget of this run. */
export const slowHealth: BrokenAdapter = {
  fault: "p95 over the latency budget",
  adapter: {
    overrides: {
      health: async () => {
        await sleep(150);
        return undefined;
      },
    },
  },
  caughtBy: ["performance.p95-budget"],
  run: { latencyBudgetMs: 100 },
};
