import type { ReviewGroup } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { plainReviewCauses } from "./plain-review-causes.ts";

const check = (id: string, status: "passed" | "failed", failures: { expected?: string; actual?: string }[] = []) => ({
  id,
  level: "required" as const,
  rationale: "r",
  status,
  duration_ms: 1,
  failures: failures.map((failure) => ({ endpoint: "POST /verify", message: "m", ...failure })),
});
const group = (name: string, checks: ReturnType<typeof check>[]): ReviewGroup =>
  ({ group: name, passed: 0, failed: 0, not_applicable: 0, checks }) as ReviewGroup;
const UNSIGNED = { expected: "401 unauthorized (D9)", actual: '200 {"ok":true}' };
const FIXTURES = { credentials: { good: { signing_secret: "s" }, bad: {} } };
const MANIFEST = {
  credentials: [
    { key: "secret", type: "text" as const, maps_to: "signing_secret" },
    { key: "workspace", type: "text" as const, maps_to: "workspace_id" },
  ],
};

describe("plainReviewCauses", () => {
  it("says the adapter accepts unsigned calls when security probes got 200 where 401 was expected", () => {
    const groups = [
      group("security", [
        check("security.unsigned-rejected", "failed", [UNSIGNED]),
        check("security.x", "failed", [UNSIGNED]),
      ]),
      group("verify", [check("verify.good", "passed")]),
    ];
    const [cause, ...rest] = plainReviewCauses(groups, { manifest: undefined, fixtures: undefined });
    expect(rest).toEqual([]);
    expect(cause?.cause).toMatch(
      /^Your adapter accepts unsigned calls: set ADAPTER_SIGNING_SECRET to the App's signing secret/,
    );
    expect(cause?.checks).toEqual(["security.unsigned-rejected", "security.x"]);
  });

  it("says nothing of signatures when the probes failed otherwise (a 500 is another problem)", () => {
    const groups = [
      group("security", [check("security.unsigned-rejected", "failed", [{ expected: "401", actual: "500 boom" }])]),
    ];
    expect(plainReviewCauses(groups, { manifest: undefined, fixtures: undefined })).toEqual([]);
  });

  it("names the required credential the fixtures lack, and the failed checks it explains", () => {
    const groups = [group("verify", [check("verify.good", "failed"), check("deliver.ok", "failed")])];
    const [cause] = plainReviewCauses(groups, { manifest: MANIFEST, fixtures: FIXTURES });
    expect(cause?.cause).toMatch(/^The fixtures lack required credential workspace \(field workspace_id\)/);
    expect(cause?.checks).toEqual(["verify.good", "deliver.ok"]);
  });

  it("finds no cause for a passing review, or when the fixtures carry every required credential", () => {
    const passing = [group("verify", [check("verify.good", "passed")])];
    expect(plainReviewCauses(passing, { manifest: MANIFEST, fixtures: FIXTURES })).toEqual([]);
    const failing = [group("verify", [check("verify.good", "failed")])];
    const full = { credentials: { good: { signing_secret: "s", workspace_id: "w" }, bad: {} } };
    expect(plainReviewCauses(failing, { manifest: MANIFEST, fixtures: full })).toEqual([]);
  });
});
