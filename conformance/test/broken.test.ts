import { describe, expect, it } from "vitest";
import { BROKEN_ADAPTERS } from "./broken/index.ts";
import { failedChecks, failureDigest, runAgainst } from "./run-against.ts";

describe("the runner against the reference and the deliberately broken adapters", () => {
  it("fails no check of the reference adapter", async () => {
    const report = await runAgainst();
    expect(failureDigest(report)).toEqual({});
    expect(report.result).toBe("passed");
  });

  it.each(BROKEN_ADAPTERS.map((broken) => [broken.fault, broken] as const))("catches %s", async (_fault, broken) => {
    const report = await runAgainst(broken.adapter, broken.run);
    expect(Object.keys(failureDigest(report)).sort()).toEqual([...broken.caughtBy].sort());
    expect(failedChecks(report)).toEqual([...broken.caughtBy].sort());
  });
});
