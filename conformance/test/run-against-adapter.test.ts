import { defineAdapter, defineManifest, type VerifyHandler } from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import type { Fixtures } from "../src/fixtures/fixtures.ts";
import { runAgainstAdapter } from "./run-against-adapter.ts";

const manifest = defineManifest({
  schema_version: "1.0",
  name: "Token Check",
  slug: "token-check",
  credentials: [{ key: "token", type: "api_key", maps_to: "token" }],
});

const FIXTURES: Fixtures = { credentials: { good: { token: "good" }, bad: { token: "bad" } } };
const ONLY = ["manifest", "health", "verify", "security"];

const checksToken: VerifyHandler<typeof manifest> = ({ credentials }) =>
  credentials.token === "good" ? { ok: true, user: "token-check" } : { ok: false, error: "token rejected" };

describe("runAgainstAdapter", () => {
  it("serves an SDK adapter signed, runs the checks, and reports no failures when it conforms", async () => {
    const run = await runAgainstAdapter(defineAdapter({ manifest, verify: checksToken }), {
      fixtures: FIXTURES,
      only: ONLY,
    });
    expect(run.failures).toEqual({});
    expect(run.report.options.signed).toBe(true);
    expect(run.passed).toEqual(expect.arrayContaining(["verify.good-credentials", "verify.bad-credentials"]));
  });

  it("names each failed required check with the endpoint and what it found", async () => {
    const rejectsAll: VerifyHandler<typeof manifest> = () => ({ ok: false, error: "token rejected" });
    const run = await runAgainstAdapter(defineAdapter({ manifest, verify: rejectsAll }), {
      fixtures: FIXTURES,
      only: ONLY,
    });
    expect(Object.keys(run.failures)).toEqual(["verify.good-credentials"]);
    expect(run.failures["verify.good-credentials"]).toMatch(/^POST \/verify: /);
    expect(run.passed).not.toContain("verify.good-credentials");
  });

  it("closes the adapter once the run is over", async () => {
    const run = await runAgainstAdapter(defineAdapter({ manifest, verify: checksToken }), {
      fixtures: FIXTURES,
      only: ["health"],
    });
    await expect(fetch(`${run.report.adapter.url}/health`)).rejects.toThrow();
  });
});
