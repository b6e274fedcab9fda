import { Agent, type Dispatcher } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { oversizeAccepted } from "./broken/oversize-accepted.ts";
import { failedChecks, failureDigest, runAgainst } from "./run-against.ts";

/** An undici Agent that counts the connections it opens (the service passes its outbound guard's instead). */
function countingAgent(): { agent: Dispatcher; connections: () => number; close: () => Promise<void> } {
  let opened = 0;
  const agent = new Agent({ keepAliveTimeout: 1_000 }).on("connect", () => {
    opened += 1;
  });
  return { agent, connections: () => opened, close: () => agent.close() };
}

describe("the runner over a given dispatcher (the service's outbound guard, A15)", () => {
  const counting = countingAgent();
  afterAll(() => counting.close());

  it("makes its calls through the dispatcher and fails no check of the reference adapter", async () => {
    const report = await runAgainst({}, { dispatcher: counting.agent });
    expect(failureDigest(report)).toEqual({});
    expect(counting.connections()).toBeGreaterThan(0);
  });

  it("still catches a chunked oversize body sent through the dispatcher", async () => {
    const report = await runAgainst(oversizeAccepted.adapter, { dispatcher: counting.agent });
    expect(failedChecks(report)).toEqual([...oversizeAccepted.caughtBy].sort());
  });

  it("reports every call refused when the dispatcher refuses to connect", async () => {
    const refusing = new Agent({
      connect: (_options, callback) => callback(new Error("refused by the guard"), null),
    });
    const report = await runAgainst({}, { dispatcher: refusing });
    await refusing.close();
    expect(report.result).toBe("unreachable");
    expect(report.error).toMatch(/refused by the guard|manifest/);
  });
});
