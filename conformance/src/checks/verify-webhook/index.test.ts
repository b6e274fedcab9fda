import { describe, expect, it } from "vitest";
import { failuresOf, referenceFixtures, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainst } from "../../../test/run-against.ts";

const ONLY = { only: ["verify-webhook"] };

describe("the verify-webhook checks", () => {
  it("are not applicable when the fixtures declare no inbound signing", async () => {
    const fixtures = referenceFixtures();
    delete fixtures.inbound.signing;
    const report = await runAgainst({}, { ...ONLY, fixtures });
    expect(new Set(Object.values(statusesOf(report, "verify-webhook.")))).toEqual(new Set(["not_applicable"]));
  });

  it("are not applicable to an adapter that does not receive", async () => {
    const report = await runAgainst({ manifestPatch: { capabilities: ["send"] } }, ONLY);
    const statuses = statusesOf(report, "verify-webhook.");
    expect(Object.keys(statuses)).toHaveLength(10);
    expect(new Set(Object.values(statuses))).toEqual(new Set(["not_applicable"]));
  });

  it("accept a rejection answered with a 4xx", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "verify-webhook": async (_request, reference) => {
            const answer = await reference();
            return (answer.body as { ok?: boolean }).ok === false
              ? { status: 401, body: { ok: false, error: "bad signature", code: "unauthorized" } }
              : answer;
          },
        },
      },
      ONLY,
    );
    expect(new Set(Object.values(statusesOf(report, "verify-webhook.")))).toEqual(new Set(["passed"]));
  });

  it("fail every rejection answered with a 5xx, naming the status", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "verify-webhook": async (_request, reference) => {
            const answer = await reference();
            return (answer.body as { ok?: boolean }).ok === false
              ? { status: 500, body: { ok: false, error: "boom", code: "internal_error" } }
              : answer;
          },
        },
      },
      ONLY,
    );
    expect(statusesOf(report, "verify-webhook.")).toEqual({
      "verify-webhook.accepts-valid-signature": "passed",
      "verify-webhook.rejects-tampered-byte": "failed",
      "verify-webhook.rejects-reserialised-json": "failed",
      "verify-webhook.rejects-stale-timestamp": "failed",
      "verify-webhook.rejects-wrong-secret": "failed",
      "verify-webhook.rejects-missing-signature": "failed",
      "verify-webhook.covers-signed-parts": "failed",
      "verify-webhook.timestamp-both-sides": "failed",
      "verify-webhook.rejects-malformed-signature": "failed",
      "verify-webhook.several-signatures": "failed",
    });
    expect(failuresOf(report, "verify-webhook.rejects-wrong-secret")[0]?.message).toContain("HTTP 500");
  });

  it("find no stale timestamp to test in a scheme that signs none", async () => {
    const fixtures = referenceFixtures();
    fixtures.inbound.signing = { scheme: "github-sha256", secret: "plain-secret" };
    const report = await runAgainst({}, { only: ["verify-webhook.rejects-stale-timestamp"], fixtures });
    expect(report.checks.find((check) => check.id === "verify-webhook.rejects-stale-timestamp")).toMatchObject({
      status: "not_applicable",
      reason: "the github-sha256 scheme signs no timestamp",
    });
  });
});
