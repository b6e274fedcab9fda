import { describe, expect, it } from "vitest";
import { batchPerTick } from "./batch-per-tick.ts";

describe("batchPerTick", () => {
  it("hands the items of one turn of the event loop to run together, each caller getting its own outcome", async () => {
    const batches: number[][] = [];
    const handle = batchPerTick<number, string>({
      run: async (items) => {
        batches.push([...items]);
        return items.map((item) =>
          item < 0 ? { ok: false as const, error: new Error(`bad ${item}`) } : { ok: true as const, value: `v${item}` },
        );
      },
      runAlone: async (item) => `alone ${item}`,
      maxBatch: 100,
    });
    const results = await Promise.allSettled([handle(1), handle(-2), handle(3)]);
    expect(batches).toEqual([[1, -2, 3]]);
    expect(results).toEqual([
      { status: "fulfilled", value: "v1" },
      { status: "rejected", reason: new Error("bad -2") },
      { status: "fulfilled", value: "v3" },
    ]);
  });

  it("runs a lone item alone, splits more than maxBatch items into batches, and runs one batch at a time", async () => {
    const sizes: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const handle = batchPerTick<number, number>({
      run: async (items) => {
        sizes.push(items.length);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return items.map((value) => ({ ok: true as const, value }));
      },
      runAlone: async (item) => -item,
      maxBatch: 3,
    });
    expect(await handle(5)).toBe(-5);
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map(handle))).toEqual([1, 2, 3, 4, 5, 6, -7]);
    expect(sizes).toEqual([3, 3]);
    expect(mostInFlight).toBe(1);
  });

  it("tries every item of a failed batch again alone, so one bad item fails only itself", async () => {
    const failures: [string, number][] = [];
    const handle = batchPerTick<number, number>({
      run: async () => {
        throw new Error("the transaction failed");
      },
      onBatchError: (error, size) => failures.push([(error as Error).message, size]),
      runAlone: async (item) => {
        if (item === 2) throw new Error("item 2 is bad");
        return item * 10;
      },
      maxBatch: 10,
    });
    const results = await Promise.allSettled([1, 2, 3].map(handle));
    expect(results).toEqual([
      { status: "fulfilled", value: 10 },
      { status: "rejected", reason: new Error("item 2 is bad") },
      { status: "fulfilled", value: 30 },
    ]);
    expect(failures).toEqual([["the transaction failed", 3]]);
  });
});
