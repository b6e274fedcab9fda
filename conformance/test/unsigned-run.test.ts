import { describe, expect, it } from "vitest";
import type { ConformanceReport } from "../src/report/report.ts";
import { runConformance } from "../src/runner/run-conformance.ts";
import { startReferenceAdapter } from "./reference-adapter.ts";
import { ADAPTER_SIGNING_SECRET, failureDigest, REFERENCE_FIXTURES } from "./run-against.ts";

/** Runs the runner without a signing secret against the reference adapter served with or without one. */
async function runUnsigned(adapterSecret: string | undefined, only: string[] = []): Promise<ConformanceReport> {
  const running = await startReferenceAdapter({ signingSecret: adapterSecret });
  try {
    return await runConformance({
      adapterUrl: running.url,
      fixtures: REFERENCE_FIXTURES,
      latencyBudgetMs: 10_000,
      only,
    });
  } finally {
    await running.close();
  }
}

describe("an unsigned run", () => {
  it("against an adapter that refuses unsigned calls reports one finding, and the checks that call it not applicable", async () => {
    const report = await runUnsigned(ADAPTER_SIGNING_SECRET);
    expect(failureDigest(report)).toEqual({
      "security.signing-secret-needed": expect.stringContaining(
        "the adapter refuses unsigned calls (401); pass --signing-secret",
      ),
    });
    const verify = report.checks.find((check) => check.id === "verify.good-credentials");
    expect(verify).toMatchObject({ status: "not_applicable", reason: expect.stringContaining("--signing-secret") });
    expect(report.checks.filter((check) => check.group === "manifest").map((check) => check.status)).not.toContain(
      "not_applicable",
    );
    expect(report.result).toBe("failed");
  });

  it("reports the finding even when --only leaves its check out, so nothing passes silently", async () => {
    const report = await runUnsigned(ADAPTER_SIGNING_SECRET, ["verify"]);
    expect(Object.keys(failureDigest(report))).toEqual(["security.signing-secret-needed"]);
    expect(report.result).toBe("failed");
  });

  it("against an adapter served without a secret runs every check and passes the signing one", async () => {
    const report = await runUnsigned(undefined);
    expect(failureDigest(report)).toEqual({});
    expect(report.checks.find((check) => check.id === "security.signing-secret-needed")?.status).toBe("passed");
    expect(report.checks.find((check) => check.id === "verify.good-credentials")?.status).toBe("passed");
  });
});
