import { fileURLToPath } from "node:url";
import { runConformance } from "@adapterkit/conformance";
import { startAdapter } from "@adapterkit/sdk/testing";
import { describe, expect, it } from "vitest";
import { mailAdapter } from "./index.ts";

const FIXTURES = fileURLToPath(new URL("../conformance.fixtures.json", import.meta.url));
const SIGNING_SECRET = "whsec_TUFJTC1jb25mb3JtYW5jZS1zZXJ2aWNlLWtleQ==";

describe("mail adapter conformance", () => {
  it("passes every required check of the runner with its own fixtures, signed as the service signs", async () => {
    const adapter = await startAdapter(mailAdapter, { signingSecret: SIGNING_SECRET });
    try {
      const report = await runConformance({
        adapterUrl: adapter.url,
        fixtures: FIXTURES,
        signingSecret: SIGNING_SECRET,
      });
      const failures = report.checks
        .filter((check) => check.level === "required" && check.status === "failed")
        .map((check) => `${check.id}: ${check.failures.map((failure) => failure.message).join(" | ")}`);
      expect(failures).toEqual([]);
      expect(report.summary.required_failed).toBe(0);
      expect(report.checks.filter((check) => check.status === "passed").map((check) => check.id)).toEqual(
        expect.arrayContaining([
          "verify.bad-credentials",
          "verify-webhook.rejects-tampered-byte",
          "feedback-loop.own-echo-is-bot",
          "feedback-loop.person-is-not-bot",
          "parse-inbound.content-byte-exact",
          "deliver.thread-id-honoured",
        ]),
      );
    } finally {
      await adapter.close();
    }
  });
});
