// Names what failed in each lane's report, for the closing tally of .ci/run: CI keeps the end of a run's output,
// so the failing tests are printed there, just above the closing line, with the first lines of why.
import { readFileSync } from "node:fs";

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const MESSAGE_LINES = 4;
const LOG_LINES = 12;
const WIDTH = 200;

/** The non-blank lines of a text, without colour codes, each cut to a readable width. */
function readableLines(text) {
  return String(text ?? "")
    .replace(ANSI, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .map((line) => (line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}…` : line));
}

/** The first lines of a failure message. */
export function firstLines(message) {
  return readableLines(message).slice(0, MESSAGE_LINES);
}

/** The last lines of a lane's kept output, for a lane that left no report (a step before its tests failed). */
export function lastLines(file) {
  return readableLines(readFileSync(file, "utf8")).slice(-LOG_LINES);
}

/** What failed in a vitest JSON report or a conformance report: `{ name, lines }` per failure. */
export function failures(report, root = process.cwd()) {
  const found = [];
  if (Array.isArray(report.testResults)) {
    for (const file of report.testResults) {
      const path = String(file.name ?? "").replace(`${root}/`, "");
      const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failed) {
        const title = [...(test.ancestorTitles ?? []), test.title].join(" > ");
        found.push({ name: `${path} > ${title}`, lines: firstLines((test.failureMessages ?? []).join("\n")) });
      }
      // A file that failed outside any test (an import error, a hook) has no failed test to name.
      if (failed.length === 0 && file.status === "failed") {
        found.push({ name: `${path} (the file itself)`, lines: firstLines(file.message) });
      }
    }
  } else if (Array.isArray(report.checks)) {
    for (const check of report.checks.filter((entry) => entry.status === "failed")) {
      const messages = (check.failures ?? []).map((failure) => `${failure.endpoint}: ${failure.message}`);
      found.push({ name: `check ${check.id}`, lines: firstLines(messages.join("\n") || check.reason) });
    }
  }
  return found;
}

/** The lines the tally prints for one lane's failures. */
export function formatFailures(lane, found) {
  return found.flatMap(({ name, lines }) => [`  ${lane}: ${name}`, ...lines.map((line) => `      ${line}`)]);
}
