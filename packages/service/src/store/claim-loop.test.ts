import pino from "pino";
import { describe, expect, it } from "vitest";
import { type ClaimLoopOptions, createClaimLoop } from "./claim-loop.ts";

const QUIET = pino({ level: "silent" });
// Long enough that a test passing depends on wake() and finished work, never on the poll.
const NEVER_POLLS = 60_000;

/** A promise and its resolve (Promise.withResolvers is Node 22's). */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** An in-memory queue; each claim takes from its head. */
function queueOf(items: number[]) {
  const queue = [...items];
  return { queue, claim: async (limit: number) => queue.splice(0, limit) };
}

function loopOver(options: Partial<ClaimLoopOptions<number>> & Pick<ClaimLoopOptions<number>, "claim" | "work">) {
  return createClaimLoop({ name: "test loop", concurrency: 2, pollIntervalMs: NEVER_POLLS, logger: QUIET, ...options });
}

describe("createClaimLoop", () => {
  it("works through the queue with no more items at once than its concurrency", async () => {
    const { claim } = queueOf([1, 2, 3, 4, 5, 6, 7]);
    const done: number[] = [];
    let busy = 0;
    let mostBusy = 0;
    const allDone = deferred<void>();
    const loop = loopOver({
      claim,
      concurrency: 3,
      async work(item) {
        busy += 1;
        mostBusy = Math.max(mostBusy, busy);
        await new Promise((resolve) => setTimeout(resolve, 5));
        busy -= 1;
        done.push(item);
        if (done.length === 7) allDone.resolve();
      },
    });
    loop.start();
    await allDone.promise;
    await loop.stop();
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(mostBusy).toBe(3);
  });

  it("sleeps on an empty queue until woken", async () => {
    const { queue, claim } = queueOf([]);
    const worked = deferred<number>();
    const loop = loopOver({ claim, work: async (item) => worked.resolve(item) });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    queue.push(42);
    loop.wake();
    expect(await worked.promise).toBe(42);
    await loop.stop();
  });

  it("logs a failed cycle and tries again at the next poll", async () => {
    let claims = 0;
    const worked = deferred<number>();
    const errors: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => errors.push(JSON.parse(line).msg) });
    const loop = loopOver({
      logger,
      pollIntervalMs: 10,
      async claim() {
        claims += 1;
        if (claims === 1) throw new Error("database unavailable");
        return claims === 2 ? [7] : [];
      },
      work: async (item) => worked.resolve(item),
    });
    loop.start();
    expect(await worked.promise).toBe(7);
    await loop.stop();
    expect(errors).toContain("test loop cycle failed");
  });

  it("aborts the work in flight on stop and waits for it to settle", async () => {
    const { claim } = queueOf([1]);
    const started = deferred<void>();
    let settled = false;
    const loop = loopOver({
      claim,
      async work(_item, signal) {
        started.resolve();
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        settled = true;
      },
    });
    loop.start();
    await started.promise;
    expect(loop.running).toBe(true);
    await loop.stop();
    expect(settled).toBe(true);
    expect(loop.running).toBe(false);
  });
});
