// Totals every lane's report into the one closing line `N passed, N failed, N skipped`; exits 1 if anything failed.
import { existsSync, readFileSync } from "node:fs";

const [testStatus, ...reports] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of reports) {
  if (!existsSync(file)) {
    console.log(`tally: ${file} is missing; counting the lane as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    // vitest's JSON reporter
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
  } else {
    // a conformance report: every check is one test
    passed += report.summary.passed;
    failed += report.summary.failed;
    skipped += report.summary.skipped + report.summary.not_applicable;
  }
}
// A failing `npm test` (e.g. the type-check step) with no failed test still fails the run.
if (Number(testStatus) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
