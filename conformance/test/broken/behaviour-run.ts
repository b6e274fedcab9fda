import { readFileSync } from "node:fs";
import type { CheckStatus } from "../../src/check.ts";
import type { ConformanceReport } from "../../src/report/report.ts";
import { REFERENCE_FIXTURES } from "../run-against.ts";

/** A fresh, freely editable copy of the reference fixtures (tests of the behaviour checks vary one field). */
// biome-ignore lint/suspicious/noExplicitAny: tests reach into the JSON to change one field at a time.
export function referenceFixtures(): any {
  return JSON.parse(readFileSync(REFERENCE_FIXTURES, "utf8"));
}

/** Each reported check of one group (or one check id) with its status. */
export function statusesOf(report: ConformanceReport, prefix: string): Record<string, CheckStatus> {
  return Object.fromEntries(
    report.checks.filter((check) => check.id.startsWith(prefix)).map((check) => [check.id, check.status]),
  );
}

/** The failures of one check in a report. */
export function failuresOf(report: ConformanceReport, id: string) {
  return report.checks.find((check) => check.id === id)?.failures ?? [];
}
