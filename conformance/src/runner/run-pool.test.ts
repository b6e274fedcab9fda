import { describe, expect, it } from "vitest";
import { runPool } from "./run-pool.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("runPool", () => {
  it("keeps at most `concurrency` shared tasks in flight and returns results in task order", async () => {
    let inFlight = 0;
    let peak = 0;
    const tasks = Array.from({ length: 7 }, (_, index) => ({
      exclusive: false,
      run: async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await tick();
        inFlight -= 1;
        return index;
      },
    }));
    expect(await runPool(tasks, 3)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(3);
  });

  it("runs an exclusive task with nothing else in flight", async () => {
    let inFlight = 0;
    const seen: number[] = [];
    const task = (exclusive: boolean) => ({
      exclusive,
      run: async () => {
        inFlight += 1;
        if (exclusive) seen.push(inFlight);
        await tick();
        inFlight -= 1;
        return exclusive;
      },
    });
    const results = await runPool([task(false), task(true), task(false), task(true), task(false)], 4);
    expect(results).toEqual([false, true, false, true, false]);
    expect(seen).toEqual([1, 1]);
  });
});
