import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO = new URL("../../../", import.meta.url).pathname;
const REDOCLY = join(REPO, "node_modules", "@redocly", "cli", "bin", "cli.js");
const folder = mkdtempSync(join(tmpdir(), "openapi-lint-"));

interface LintTotals {
  readonly errors: number;
  readonly warnings: number;
}

/** Redocly CLI's `lint` with the repository's redocly.yaml (the recommended rules), offline. */
function lint(file: string): { totals: LintTotals; problems: { ruleId: string; message: string }[] } {
  const result = spawnSync(process.execPath, [REDOCLY, "lint", "--config", "redocly.yaml", "--format=json", file], {
    cwd: REPO,
    encoding: "utf8",
    // No usage report and no update check: the lint talks to nothing.
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
  expect(result.stdout, result.stderr).toContain('"totals"');
  return JSON.parse(result.stdout);
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the OpenAPI documents under Redocly's recommended rules", () => {
  it.each([
    "schemas/adapter-contract.openapi.json",
    "schemas/service-api.openapi.json",
  ])("finds no error and no warning in %s", (file) => {
    const { totals, problems } = lint(file);
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("warns about a document without a license and with a component nothing uses", () => {
    const document = JSON.parse(readFileSync(join(REPO, "schemas/adapter-contract.openapi.json"), "utf8"));
    delete document.info.license;
    document.components.schemas["left-over"] = { type: "string" };
    const file = join(folder, "planted.openapi.json");
    writeFileSync(file, JSON.stringify(document));
    const { totals, problems } = lint(file);
    expect(problems.map((problem) => problem.ruleId).sort()).toEqual(["info-license", "no-unused-components"]);
    expect(totals.warnings).toBe(2);
  });
});
