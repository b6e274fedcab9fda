import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO = new URL("..", import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), "ci-tally-"));

function test(title: string, status: string, ancestorTitles: string[] = [], failureMessages: string[] = []) {
  return { title, status, ancestorTitles, failureMessages };
}

function vitestReport(tests: ReturnType<typeof test>[]) {
  const count = (status: string) => tests.filter((entry) => entry.status === status).length;
  return {
    numPassedTests: count("passed"),
    numFailedTests: count("failed"),
    numPendingTests: count("skipped") + count("pending"),
    numTodoTests: count("todo"),
    numFailedTestSuites: 0,
    testResults: [{ name: join(REPO, "packages/service/test/example.test.ts"), assertionResults: tests }],
  };
}

function tally(...reports: object[]) {
  const files = reports.map((report, index) => {
    const file = join(folder, `report-${index}.json`);
    writeFileSync(file, JSON.stringify(report));
    return file;
  });
  return spawnSync(process.execPath, [".ci/tally.mjs", "0", ...files], { cwd: REPO, encoding: "utf8", env: {} });
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe(".ci/tally.mjs", () => {
  it("groups skipped tests by the reason their titles state", () => {
    const result = tally(
      vitestReport([
        test("saves", "passed", ["credentials on SQLite"]),
        test("saves", "skipped", ["credentials on PostgreSQL (skipped: ADAPTERKIT_TEST_DATABASE_URL is unset)"]),
        test("loads", "skipped", ["credentials on PostgreSQL (skipped: ADAPTERKIT_TEST_DATABASE_URL is unset)"]),
        test("packs", "skipped", ["the kit as an author installs it (slow: set ADAPTERKIT_SLOW_TESTS=1)"]),
      ]),
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("skipped, by reason (all lanes):");
    expect(result.stdout).toMatch(/ {4}2 {2}skipped: ADAPTERKIT_TEST_DATABASE_URL is unset\n/);
    expect(result.stdout).toMatch(/ {4}1 {2}slow: set ADAPTERKIT_SLOW_TESTS=1\n/);
    expect(result.stdout).toMatch(/1 passed, 0 failed, 3 skipped\n$/);
  });

  it("prefers the test's own reason to its describe's", () => {
    const result = tally(
      vitestReport([test("brackets IPv6 (skipped without an IPv6 loopback)", "skipped", ["listenHttp (needs x)"])]),
    );
    expect(result.stdout).toContain("1  skipped without an IPv6 loopback");
    expect(result.stdout).not.toContain("needs x");
  });

  it("names a one-database test skipped in the other database's lane", () => {
    const result = tally(
      vitestReport([test("claims without a lease", "skipped", ["claiming triggers on PostgreSQL"])]),
    );
    expect(result.stdout).toContain("1  skipped: runs on the other database only, not PostgreSQL");
  });

  it("names the file of a skipped test that states no reason", () => {
    const result = tally(vitestReport([test("does something", "skipped", ["a feature"])]));
    expect(result.stdout).toContain("1  no reason in its title: packages/service/test/example.test.ts");
  });

  it("adds a conformance report's skipped and not-applicable checks with their reasons", () => {
    const result = tally({
      summary: { passed: 3, failed: 0, skipped: 1, not_applicable: 2 },
      checks: [
        { id: "health.version", status: "passed" },
        { id: "security.signature", status: "skipped", reason: "the run is unsigned" },
        { id: "inbound.verify", status: "not_applicable" },
        { id: "inbound.reply", status: "not_applicable" },
      ],
    });
    expect(result.stdout).toContain("1  skipped: the run is unsigned");
    expect(result.stdout).toContain("2  not applicable: no reason given");
    expect(result.stdout).toMatch(/3 passed, 0 failed, 3 skipped\n$/);
  });

  it("names each failed test last, above the closing line, with the first lines of why and no colour codes", () => {
    const why =
      "\u001b[31mAssertionError: expected 503 to be 200\u001b[39m\n\n    at source-sync.test.ts:88:5\n" +
      "x".repeat(300);
    const result = tally(
      vitestReport([
        test("saves", "passed", ["credentials on SQLite"]),
        test("resets a tampered cursor", "failed", ["source sync on SQLite"], [why]),
      ]),
    );
    expect(result.status).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    const heading = lines.indexOf("failed (all lanes):");
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toMatch(
      /report-0\.json: packages\/service\/test\/example\.test\.ts > source sync on SQLite > resets a tampered cursor$/,
    );
    expect(lines[heading + 2]).toBe("      AssertionError: expected 503 to be 200");
    expect(lines[heading + 3]).toBe("          at source-sync.test.ts:88:5");
    expect(lines[heading + 4]).toHaveLength(6 + 200);
    expect(lines.at(-1)).toBe("1 passed, 1 failed, 0 skipped");
  });

  it("names a test file that failed outside its tests, and a conformance check that failed", () => {
    const [file] = vitestReport([]).testResults;
    const failedFile = { ...file, status: "failed", message: "Cannot find module './gone'" };
    const broken = { ...vitestReport([]), numFailedTestSuites: 1, testResults: [failedFile] };
    const result = tally(broken, {
      summary: { passed: 0, failed: 1, skipped: 0, not_applicable: 0 },
      checks: [
        {
          id: "deliver.idempotent",
          status: "failed",
          failures: [{ endpoint: "POST /deliver", message: "a repeated call sent twice" }],
        },
      ],
    });
    expect(result.stdout).toContain(
      "packages/service/test/example.test.ts (the file itself)\n      Cannot find module './gone'",
    );
    expect(result.stdout).toContain("check deliver.idempotent\n      POST /deliver: a repeated call sent twice");
    expect(result.stdout).toMatch(/0 passed, 2 failed, 0 skipped\n$/);
  });

  it("prints the end of a lane's kept output when the lane left no report", () => {
    const log = join(folder, "lane.log");
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index}`);
    writeFileSync(log, `${lines.join("\n")}\nscripts/x.ts(1,1): error TS2353: \u001b[31mno such property\u001b[39m\n`);
    const result = spawnSync(process.execPath, [".ci/tally.mjs", "2", join(folder, "lane.json")], {
      cwd: REPO,
      encoding: "utf8",
      env: {},
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`tally: ${join(folder, "lane.json")} is missing`);
    expect(result.stdout).toContain(`lane.json: no report; ${log} ends\n      line 9\n`);
    expect(result.stdout).not.toContain("line 8\n");
    expect(result.stdout).toMatch(
      / {6}scripts\/x\.ts\(1,1\): error TS2353: no such property\n0 passed, 1 failed, 0 skipped\n$/,
    );
  });

  it("prints no reasons when nothing was skipped", () => {
    const result = tally(vitestReport([test("saves", "passed")]));
    expect(result.stdout).not.toContain("by reason");
    expect(result.stdout).not.toContain("failed (all lanes)");
    expect(result.stdout).toMatch(/1 passed, 0 failed, 0 skipped\n$/);
  });
});
