import { describe, expect, it } from "vitest";
import type { ConformanceCheck } from "../context.ts";
import { passed } from "../outcome.ts";
import { selectChecks } from "./select-checks.ts";
import { ConformanceUsageError } from "./usage-error.ts";

const check = (id: string, level: "required" | "recommended" = "required"): ConformanceCheck => ({
  id,
  group: id.split(".")[0] as ConformanceCheck["group"],
  level,
  rationale: "test",
  appliesWhen: () => true,
  run: async () => passed(),
});
const CHECKS = [
  check("health.status-ready"),
  check("health.version-stable"),
  check("manifest.schema"),
  check("performance.p95-budget", "recommended"),
];
const skipped = (only: string[], skip: string[], level: "required" | "all" = "all") =>
  selectChecks(CHECKS, { only, skip, level })
    .filter((selection) => selection.skipReason !== undefined)
    .map((selection) => selection.check.id);

describe("selectChecks", () => {
  it("runs everything by default", () => {
    expect(skipped([], [])).toEqual([]);
  });

  it("accepts groups and ids in --only and --skip", () => {
    expect(skipped(["health"], [])).toEqual(["manifest.schema", "performance.p95-budget"]);
    expect(skipped(["health", "manifest.schema"], ["health.version-stable"])).toEqual([
      "health.version-stable",
      "performance.p95-budget",
    ]);
  });

  it("leaves recommended checks out at --level required", () => {
    expect(skipped([], [], "required")).toEqual(["performance.p95-budget"]);
  });

  it("refuses a name that is neither a check id nor a group", () => {
    expect(() => skipped(["healthy"], [])).toThrow(ConformanceUsageError);
    expect(() => skipped([], ["health.no-such"])).toThrow(/no check or group is named health.no-such/);
  });

  it("runs a slow check only when --only names it by id, not by its group", () => {
    const checks = [{ ...check("deliver.platform-hang-answered"), slow: true }, check("deliver.response-shape")];
    const skippedOf = (only: string[]) =>
      selectChecks(checks, { only, skip: [], level: "all" })
        .filter((selection) => selection.skipReason !== undefined)
        .map((selection) => selection.check.id);
    expect(skippedOf([])).toEqual(["deliver.platform-hang-answered"]);
    expect(skippedOf(["deliver"])).toEqual(["deliver.platform-hang-answered"]);
    expect(skippedOf(["deliver.platform-hang-answered"])).toEqual(["deliver.response-shape"]);
  });

  it("runs slow checks in the review profile, still subject to --only, --skip and --level", () => {
    const checks = [{ ...check("deliver.platform-hang-answered"), slow: true }, check("deliver.response-shape")];
    const skippedOf = (only: string[], skip: string[] = []) =>
      selectChecks(checks, { only, skip, level: "all", profile: "review" })
        .filter((selection) => selection.skipReason !== undefined)
        .map((selection) => selection.check.id);
    expect(skippedOf([])).toEqual([]);
    expect(skippedOf(["deliver"])).toEqual([]);
    expect(skippedOf(["deliver.response-shape"])).toEqual(["deliver.platform-hang-answered"]);
    expect(skippedOf([], ["deliver.platform-hang-answered"])).toEqual(["deliver.platform-hang-answered"]);
  });
});
