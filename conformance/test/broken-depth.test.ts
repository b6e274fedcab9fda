import { describe, expect, it } from "vitest";
import { DELIVERY_FAULTS } from "./broken/delivery-faults.ts";
import { HANG_REFERENCE, HANG_RUN, platformWaitedForever } from "./broken/hang-faults.ts";
import { INBOUND_FAULTS } from "./broken/inbound-faults.ts";
import { ROBUSTNESS_FAULTS } from "./broken/robustness-faults.ts";
import { SIGNATURE_FAULTS } from "./broken/signature-faults.ts";
import { SOURCE_FAULTS } from "./broken/source-faults.ts";
import { SURFACE_FAULTS } from "./broken/surface-faults.ts";
import type { BrokenAdapter } from "./run-against.ts";
import { failedChecks, failureDigest, runAgainst } from "./run-against.ts";

/** Issue 19's broken adapters: one fault each that only one of the review-depth checks catches. */
export const DEPTH_BROKEN_ADAPTERS: readonly BrokenAdapter[] = [
  ...SIGNATURE_FAULTS,
  ...DELIVERY_FAULTS,
  ...INBOUND_FAULTS,
  ...SOURCE_FAULTS,
  ...SURFACE_FAULTS,
  ...ROBUSTNESS_FAULTS,
  platformWaitedForever,
];

describe("the review-depth checks against the deliberately broken adapters", () => {
  it.each(
    DEPTH_BROKEN_ADAPTERS.map((broken) => [broken.fault, broken] as const),
  )("catches %s", async (_fault, broken) => {
    const report = await runAgainst(broken.adapter, broken.run);
    expect(Object.keys(failureDigest(report)).sort()).toEqual([...broken.caughtBy].sort());
    expect(failedChecks(report)).toEqual([...broken.caughtBy].sort());
  });

  it("passes the slow hang check of a reference that times its platform call out, when named in --only", async () => {
    const report = await runAgainst(HANG_REFERENCE, HANG_RUN);
    expect(failureDigest(report)).toEqual({});
    expect(report.checks.find((check) => check.id === "deliver.platform-hang-answered")?.status).toBe("passed");
  });

  it("holds distinct faults, each caught by exactly one check, no two by the same", () => {
    const faults = DEPTH_BROKEN_ADAPTERS.map((broken) => broken.fault);
    expect(new Set(faults).size).toBe(faults.length);
    const catchers = DEPTH_BROKEN_ADAPTERS.map((broken) => broken.caughtBy);
    for (const caughtBy of catchers) expect(caughtBy).toHaveLength(1);
    expect(new Set(catchers.flat()).size).toBe(catchers.length);
  });
});
