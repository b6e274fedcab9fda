import { fileURLToPath } from "node:url";
import { runAgainstAdapter } from "@adapterkit/conformance/testing";
import { describe, expect, it } from "vitest";
import { webhookAdapter } from "./index.ts";

const FIXTURES = fileURLToPath(new URL("../conformance.fixtures.json", import.meta.url));

describe("webhook adapter conformance", () => {
  it("passes every required check of the runner with its own fixtures, signed as the service signs", async () => {
    const { failures, passed, report } = await runAgainstAdapter(webhookAdapter, { fixtures: FIXTURES });
    expect(failures).toEqual({});
    expect(report.summary.required_failed).toBe(0);
    expect(passed).toEqual(
      expect.arrayContaining([
        "feedback-loop.own-echo-is-bot",
        "feedback-loop.person-is-not-bot",
        "parse-inbound.content-byte-exact",
        "inbound.combined-equals-two-calls",
      ]),
    );
    // Its delivery URL comes from events, not credentials: the guard check has no field to aim (adapter test instead).
    expect(report.checks.find((check) => check.id === "verify.outbound-guard")).toMatchObject({
      status: "not_applicable",
    });
  });
});

const PRESETS = ["github", "stripe", "shopify"] as const;

describe("webhook adapter conformance per sender preset", () => {
  it.each(PRESETS)("passes every required check with the %s preset's fixtures", async (preset) => {
    const fixtures = fileURLToPath(new URL(`../conformance.${preset}.fixtures.json`, import.meta.url));
    const { failures, passed, report } = await runAgainstAdapter(webhookAdapter, { fixtures });
    expect(failures).toEqual({});
    expect(report.summary.required_failed).toBe(0);
    expect(passed).toEqual(
      expect.arrayContaining(["feedback-loop.own-echo-is-bot", "feedback-loop.person-is-not-bot"]),
    );
  });

  it("judges Stripe's timestamp, which sits inside its signature header: a stale or far-future t= is refused", async () => {
    const fixtures = fileURLToPath(new URL("../conformance.stripe.fixtures.json", import.meta.url));
    const { passed } = await runAgainstAdapter(webhookAdapter, { fixtures });
    expect(passed).toEqual(
      expect.arrayContaining(["verify-webhook.rejects-stale-timestamp", "verify-webhook.timestamp-both-sides"]),
    );
  });
});
