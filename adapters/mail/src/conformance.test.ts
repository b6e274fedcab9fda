import { fileURLToPath } from "node:url";
import { runAgainstAdapter } from "@adapterkit/conformance/testing";
import { describe, expect, it } from "vitest";
import { mailAdapter } from "./index.ts";

const FIXTURES = fileURLToPath(new URL("../conformance.fixtures.json", import.meta.url));

describe("mail adapter conformance", () => {
  it("passes every required check of the runner with its own fixtures, signed as the service signs", async () => {
    const { failures, passed, report } = await runAgainstAdapter(mailAdapter, { fixtures: FIXTURES });
    expect(failures).toEqual({});
    expect(report.summary.required_failed).toBe(0);
    expect(passed).toEqual(
      expect.arrayContaining([
        "verify.bad-credentials",
        "verify-webhook.rejects-tampered-byte",
        "feedback-loop.own-echo-is-bot",
        "feedback-loop.person-is-not-bot",
        "parse-inbound.content-byte-exact",
        "inbound.combined-equals-two-calls",
        "deliver.thread-id-honoured",
        "verify.outbound-guard",
      ]),
    );
  });
});
