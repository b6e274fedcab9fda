// Totals every lane's report into the one closing line `N passed, N failed, N skipped`, after the skipped tests
// grouped by the reason they state; exits 1 if anything failed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { failures, formatFailures, lastLines } from "./failures.mjs";
import { formatReasons, mergeReasons, skipReasons } from "./skip-reasons.mjs";

const [testStatus, ...reports] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const reasons = new Map();
const failureLines = [];

for (const file of reports) {
  if (!existsSync(file)) {
    console.log(`tally: ${file} is missing; counting the lane as one failure`);
    failed += 1;
    // The lane's output kept beside it (.ci/run) says why: a step before the tests failed, or vitest did.
    const log = file.replace(/\.json$/, ".log");
    if (existsSync(log))
      failureLines.push(...formatFailures(file, [{ name: `no report; ${log} ends`, lines: lastLines(log) }]));
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const lane = { passed: 0, failed: 0, skipped: 0 };
  if ("numPassedTests" in report) {
    // vitest's JSON reporter
    lane.passed = report.numPassedTests;
    lane.failed = report.numFailedTests;
    lane.skipped = report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) lane.failed += report.numFailedTestSuites;
  } else {
    // a conformance report: every check is one test
    lane.passed = report.summary.passed;
    lane.failed = report.summary.failed;
    lane.skipped = report.summary.skipped + report.summary.not_applicable;
  }
  // Each runtime's lane says its own count, so a difference between Node majors shows here (D445).
  console.log(`${file}: ${lane.passed} passed, ${lane.failed} failed, ${lane.skipped} skipped`);
  passed += lane.passed;
  failed += lane.failed;
  skipped += lane.skipped;
  mergeReasons(reasons, skipReasons(report));
  failureLines.push(...formatFailures(file, failures(report)));
}
// The attack suite's count of generated cases (ADAPTERKIT_ATTACK_REPORT: one JSON file per attack test file).
const attackDir = process.env.ADAPTERKIT_ATTACK_REPORT;
if (attackDir) {
  const files = existsSync(attackDir) ? readdirSync(attackDir).filter((name) => name.endsWith(".json")) : [];
  const counts = { generated: 0, cells: 0 };
  for (const name of files) {
    const report = JSON.parse(readFileSync(join(attackDir, name), "utf8"));
    if (typeof report.cases !== "number") continue;
    counts[report.kind === "cells" ? "cells" : "generated"] += report.cases;
  }
  if (counts.generated === 0) {
    console.log(`attack suite: no generated cases reported in ${attackDir}; counting it as one failure`);
    failed += 1;
  } else {
    console.log(
      `attack suite: ${counts.generated} generated cases sent (and ${counts.cells} authorization matrix cells)`,
    );
  }
}
// The browser tests' screenshots (ADAPTERKIT_SCREENSHOTS_DIR: one folder per test file; D252).
const shotsDir = process.env.ADAPTERKIT_SCREENSHOTS_DIR;
if (shotsDir && existsSync(shotsDir)) {
  const shots = readdirSync(shotsDir, { recursive: true }).filter((name) => String(name).endsWith(".png"));
  console.log(`browser tests: ${shots.length} screenshots in ${shotsDir}`);
}
if (reasons.size > 0) console.log(["skipped, by reason (all lanes):", ...formatReasons(reasons)].join("\n"));
// Last before the closing line, where CI's kept tail of the output still shows them.
if (failureLines.length > 0) console.log(["failed (all lanes):", ...failureLines].join("\n"));
// A failing `npm test` (e.g. the type-check step) with no failed test still fails the run.
if (Number(testStatus) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
