import { describe, expect, it } from "vitest";
import { renderPretty } from "../src/report/render-pretty.ts";
import { HANG_REFERENCE } from "./broken/hang-faults.ts";
import { absoluteSnapshotAdapter } from "./corpus/absolute-snapshot.ts";
import { SOURCES_FIXTURES } from "./corpus/source-kit.ts";
import { failureDigest, runAgainst } from "./run-against.ts";
import { runAgainstAdapter } from "./run-against-adapter.ts";

const HANG = "deliver.platform-hang-answered";

describe("the review profile", () => {
  it("runs the slow hang check without naming it, and states the time budget of the slow checks in the report", async () => {
    const report = await runAgainst(HANG_REFERENCE, { profile: "review", only: ["deliver"], timeoutMs: 1_500 });
    expect(failureDigest(report)).toEqual({});
    expect(report.checks.find((check) => check.id === HANG)?.status).toBe("passed");
    expect(report.options).toMatchObject({ profile: "review", slow_budget_ms: 1_500 });
    expect(renderPretty(report, { color: false })).toContain("profile review · slow checks may wait 1.5 s in all");
  });

  it("is not the default: a default run reports the hang check skipped and no slow budget", async () => {
    const report = await runAgainst(HANG_REFERENCE, { only: ["deliver"], timeoutMs: 1_500 });
    expect(report.checks.find((check) => check.id === HANG)).toMatchObject({
      status: "skipped",
      reason: expect.stringContaining("--profile review"),
    });
    expect(report.options).toMatchObject({ profile: "default", slow_budget_ms: 0 });
  });

  it("counts in the budget only the slow checks that ran: an adapter that does not send has none", async () => {
    const { report } = await runAgainstAdapter(absoluteSnapshotAdapter, {
      fixtures: SOURCES_FIXTURES,
      profile: "review",
    });
    expect(report.checks.find((check) => check.id === HANG)?.status).toBe("not_applicable");
    expect(report.options).toMatchObject({ profile: "review", slow_budget_ms: 0 });
  });
});
