import { describe, expect, it } from "vitest";
import { startAdapter } from "../testing/start-adapter.ts";
import { fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";
import { createIdempotencyCache } from "./idempotency-cache.ts";

const DELIVERY = JSON.stringify({ credentials: GOOD_CREDENTIALS, channel_address: "C1", message: { text: "hi" } });

/** A fixture adapter whose `/deliver` counts its calls, answers after `waitMs`, and fails while `failing` is set. */
async function counting(options: Parameters<typeof startAdapter>[1] = {}, waitMs = 0) {
  const state = { calls: 0, failing: false };
  const started = await startAdapter(
    fixtureAdapter({
      deliver: async () => {
        state.calls += 1;
        const n = state.calls;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        return state.failing
          ? { ok: false, error: "platform down", retryable: true }
          : { ok: true, message_id: `m${n}` };
      },
    }),
    options,
  );
  const post = (key?: string, body = DELIVERY) =>
    started.client.post("/deliver", body, key === undefined ? {} : { "idempotency-key": key });
  return { state, started, post };
}

describe("the /deliver idempotency cache (D174)", () => {
  it("sends once per Idempotency-Key: a repeat gets the first answer, a new key or no key sends again", async () => {
    const { state, started, post } = await counting();
    try {
      const first = await post("dlv_1");
      expect(first).toMatchObject({ status: 200, body: { ok: true, message_id: "m1" } });
      expect((await post("dlv_1")).body).toEqual(first.body);
      expect((await post("dlv_2")).body).toMatchObject({ message_id: "m2" });
      const otherBody = DELIVERY.replace('"hi"', '"hello"');
      expect((await post("dlv_1", otherBody)).body).toMatchObject({ message_id: "m3" });
      await post();
      await post();
      expect(state.calls).toBe(5);
    } finally {
      await started.close();
    }
  });

  it("shares a call still in flight, and forgets a failed one so the retry tries again", async () => {
    const { state, started, post } = await counting({}, 100);
    try {
      const [a, b] = await Promise.all([post("dlv_9"), post("dlv_9")]);
      expect(a.body).toEqual(b.body);
      expect(state.calls).toBe(1);
      state.failing = true;
      expect((await post("dlv_10")).body).toMatchObject({ ok: false });
      state.failing = false;
      expect((await post("dlv_10")).body).toMatchObject({ ok: true, message_id: "m3" });
      expect(state.calls).toBe(3);
    } finally {
      await started.close();
    }
  });

  it("sends every time when turned off", async () => {
    const { state, started, post } = await counting({ idempotency: false });
    try {
      await post("dlv_1");
      await post("dlv_1");
      expect(state.calls).toBe(2);
    } finally {
      await started.close();
    }
  });

  it("keeps at most maxEntries answers, each for ttlMs", async () => {
    let time = 0;
    const cache = createIdempotencyCache({ ttlMs: 1000, maxEntries: 2 }, () => time);
    let calls = 0;
    const run = (key: string) =>
      cache.run(
        key,
        async () => ++calls,
        () => true,
      );
    await run("a");
    await run("b");
    await run("a");
    expect(calls).toBe(2);
    await run("c");
    expect(cache.size).toBe(2);
    await run("a"); // the oldest was dropped to make room
    expect(calls).toBe(4);
    time = 5000;
    await run("c");
    expect(calls).toBe(5);
    expect(() => createIdempotencyCache({ maxEntries: 0 })).toThrow(RangeError);
  });
});
