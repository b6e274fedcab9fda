import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_CHECKS } from "../src/checks/index.ts";
import { renderJson } from "../src/report/render-json.ts";
import { renderJunit } from "../src/report/render-junit.ts";
import { renderPretty } from "../src/report/render-pretty.ts";
import type { ConformanceReport } from "../src/report/report.ts";
import { runConformance } from "../src/runner/run-conformance.ts";
import { runAgainst } from "./run-against.ts";

const schema = JSON.parse(readFileSync(new URL("../report.schema.json", import.meta.url), "utf8")) as object;
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

let passing: ConformanceReport;
let failing: ConformanceReport;
let unreachable: ConformanceReport;

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/gone`;
}

beforeAll(async () => {
  passing = await runAgainst();
  failing = await runAgainst(
    { healthPatch: { status: "ok" }, manifestPatch: { category: "messaging" } },
    { level: "required" },
  );
  unreachable = await runConformance({ adapterUrl: await closedPortUrl(), timeoutMs: 2_000 });
});

function testcases(xml: string): { name: string; failure?: unknown; skipped?: unknown }[] {
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => name === "testcase",
  }).parse(xml) as {
    testsuites: { testsuite: { testcase: { name: string; failure?: unknown; skipped?: unknown }[] } };
  };
  return parsed.testsuites.testsuite.testcase;
}

describe("the reporters", () => {
  it("writes JSON reports that validate against report.schema.json, passing, failing and unreachable", () => {
    for (const report of [passing, failing, unreachable]) {
      const valid = validate(JSON.parse(renderJson(report)));
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it("publishes a schema that rejects a report without its summary tally", () => {
    const { summary: _summary, ...withoutSummary } = JSON.parse(renderJson(passing)) as Record<string, unknown>;
    expect(validate(withoutSummary)).toBe(false);
    expect(validate({ ...withoutSummary, summary: { passed: "all" } })).toBe(false);
  });

  it("ties a report to the runner version, the manifest hash and health.version", () => {
    expect(passing.runner).toEqual({ name: "@adapterkit/conformance", version: "0.1.0" });
    expect(passing.adapter.manifest_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(passing.adapter.health_version).toBe("ref-1.0.0");
    expect(passing.endpoints.find((row) => row.endpoint === "verify")?.p95_ms).toBeGreaterThan(0);
    expect(unreachable.adapter.manifest_sha256).toBeNull();
  });

  it("tallies the summary the CI script reads and derives the result from required failures", () => {
    const { summary } = failing;
    expect(summary.passed + summary.failed + summary.not_applicable + summary.skipped).toBe(failing.checks.length);
    expect(summary.failed).toBe(2);
    // Left out: the recommended checks (--level required) and the slow ones, which run only when named (D144).
    const slow = new Set(ALL_CHECKS.filter((check) => check.slow === true).map((check) => check.id));
    expect(summary.skipped).toBe(
      failing.checks.filter((check) => check.level === "recommended" || slow.has(check.id)).length,
    );
    expect([passing.result, failing.result, unreachable.result]).toEqual(["passed", "failed", "unreachable"]);
    // The exit code is the CLI's to give (packages/cli EXIT_CODES); the report carries the result only.
    expect(passing).not.toHaveProperty("exit_code");
  });

  it("writes JUnit XML that parses, with one testcase per check, failures and skips", () => {
    for (const report of [passing, failing, unreachable]) {
      const xml = renderJunit(report);
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(testcases(xml)).toHaveLength(report.checks.length);
    }
    const failingCases = testcases(renderJunit(failing));
    expect(
      failingCases
        .filter((testcase) => testcase.failure !== undefined)
        .map((testcase) => testcase.name)
        .sort(),
    ).toEqual(["health.status-ready", "manifest.schema"]);
    expect(failingCases.filter((testcase) => testcase.skipped !== undefined).length).toBe(
      failing.summary.skipped + failing.summary.not_applicable,
    );
    expect(testcases(renderJunit(passing)).some((testcase) => testcase.failure !== undefined)).toBe(false);
  });

  it("prints failures with expected, actual, pointer and a curl line, without colour codes when colour is off", () => {
    const text = renderPretty(failing, { color: false });
    expect(text).toContain("✗ manifest.schema (required)");
    expect(text).toMatch(/pointer:\s+\/category/);
    expect(text).toMatch(/actual:\s+"ok"/);
    expect(text).toContain("curl -sS 'http");
    expect(text).not.toContain("\u001b[");
    expect(renderPretty(failing, { color: true })).toContain("\u001b[31m");
    expect(renderPretty(unreachable, { color: false })).toContain("UNREACHABLE");
  });
});
