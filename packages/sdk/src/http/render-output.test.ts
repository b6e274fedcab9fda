import { ADAPTER_ERROR_STATUS } from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import type { ParseInboundHandler } from "../define/handler-types.ts";
import { captureLogs } from "../testing/capture-logs.ts";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";

const ENVELOPE = { credentials: GOOD_CREDENTIALS, method: "POST", path: "/", query: {}, headers: {}, body: "hi" };

let started: StartedAdapter<typeof FIXTURE_MANIFEST> | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

function deeplyNested(levels: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < levels; level += 1) value = [value];
  return value;
}

function cyclic(): unknown {
  const node: Record<string, unknown> = { name: "loop" };
  node.self = node;
  return node;
}

/** A parse-inbound handler answering a message whose metadata holds `payload`. */
const answering =
  (payload: () => unknown): ParseInboundHandler<typeof FIXTURE_MANIFEST> =>
  () => ({ event_type: "e", sender: "U1", message: "m", is_bot: false, metadata: { payload: payload() } });

describe("rendering a handler's answer", () => {
  it.each([
    // The serialiser's stack gives out first on some runtimes, the depth bound on others: the answer is the same.
    ["nested 100,000 levels deep", () => deeplyNested(100_000), /Maximum call stack size exceeded|deeper than 1000/],
    ["nested 1,001 levels deep", () => deeplyNested(1001), /nested deeper than 1000 levels/],
    ["cyclic", cyclic, "circular structure"],
    ["holding a BigInt", () => 10n, "BigInt"],
  ])("answers a clear 500 for metadata %s, logs why and keeps serving", async (_, payload, reason) => {
    for (const validateResponses of [true, false]) {
      const logs = captureLogs();
      started = await startAdapter(fixtureAdapter({ parseInbound: answering(payload) }), {
        logger: logs.logger,
        validateResponses,
      });
      const result = await started.client.parseInbound({ ...ENVELOPE, mode: "trigger" });
      expect(result.status).toBe(ADAPTER_ERROR_STATUS.internal_error);
      expect(result.body).toEqual({
        ok: false,
        code: "internal_error",
        error: "The adapter produced an answer that cannot be serialised as JSON; see its log.",
      });
      expect(logs.lines.find((line) => line.level === 50)).toMatchObject({
        msg: "the parseInbound handler's answer cannot be serialised as JSON",
        err: { message: typeof reason === "string" ? expect.stringContaining(reason) : expect.stringMatching(reason) },
      });
      expect((await started.client.format({ text: "still here" })).body).toEqual({ text: "STILL HERE" });
      await started.close();
      started = undefined;
    }
  });

  it("sends an answer JSON can hold as it is", async () => {
    started = await startAdapter(fixtureAdapter({ parseInbound: answering(() => deeplyNested(64)) }));
    const result = await started.client.parseInbound({ ...ENVELOPE, mode: "trigger" });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ metadata: { payload: deeplyNested(64) } });
  });
});
