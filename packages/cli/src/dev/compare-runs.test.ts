import type { CheckResult } from "@adapterkit/conformance";
import { describe, expect, it } from "vitest";
import { compareRuns, statusesOf } from "./compare-runs.ts";

function result(id: string, status: CheckResult["status"]): CheckResult {
  return { id, group: "format", level: "required", rationale: "", status, duration_ms: 1, failures: [] };
}

const ids = (checks: readonly CheckResult[]) => checks.map((check) => check.id);

describe("compareRuns", () => {
  it("counts every failure of the first run as new", () => {
    const comparison = compareRuns(undefined, [result("format.a", "failed"), result("format.b", "passed")]);
    expect(ids(comparison.newlyFailing)).toEqual(["format.a"]);
    expect(comparison.newlyPassing).toEqual([]);
    expect(comparison.stillFailing).toEqual([]);
  });

  it("tells newly failing, newly passing and still failing apart", () => {
    const before = statusesOf([
      result("format.a", "passed"),
      result("format.b", "failed"),
      result("format.c", "failed"),
      result("format.d", "failed"),
    ]);
    const comparison = compareRuns(before, [
      result("format.a", "failed"),
      result("format.b", "passed"),
      result("format.c", "failed"),
      result("format.d", "not_applicable"),
      result("format.e", "failed"),
    ]);
    expect(ids(comparison.newlyFailing)).toEqual(["format.a", "format.e"]);
    expect(ids(comparison.newlyPassing)).toEqual(["format.b", "format.d"]);
    expect(ids(comparison.stillFailing)).toEqual(["format.c"]);
  });

  it("reports a failing check skipped now as neither passing nor failing", () => {
    const comparison = compareRuns(statusesOf([result("format.a", "failed")]), [result("format.a", "skipped")]);
    expect(comparison).toEqual({ newlyFailing: [], newlyPassing: [], stillFailing: [] });
  });
});
