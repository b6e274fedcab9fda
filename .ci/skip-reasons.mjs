// Finds why each skipped test or check was skipped and groups them, for the closing tally of .ci/run.
// Tests state their reason in a title, e.g. "on PostgreSQL (skipped: ADAPTERKIT_TEST_DATABASE_URL is unset)" or
// "… (slow: set ADAPTERKIT_SLOW_TESTS=1)"; the innermost title that states one wins.
const REASON = /\((skipped: [^)]*|skipped without [^)]*|slow: [^)]*|needs [^)]*)\)/;

/** The reason a title states, or undefined. */
export function reasonInTitle(title) {
  return REASON.exec(title)?.[1];
}

/** Why one skipped vitest test was skipped, from its own title outwards. */
export function reasonOfTest(test, file) {
  for (const title of [test.title, ...[...(test.ancestorTitles ?? [])].reverse()]) {
    const reason = reasonInTitle(title);
    if (reason !== undefined) return reason;
  }
  // The store lanes' tests that belong to one database are skipped in the other's lane.
  const lane = (test.ancestorTitles ?? []).map((title) => / on (SQLite|PostgreSQL)\b/.exec(title)?.[1]).find(Boolean);
  if (lane !== undefined) return `skipped: runs on the other database only, not ${lane}`;
  return `no reason in its title: ${file}`;
}

/** Skipped tests of a vitest JSON report, or skipped and not-applicable checks of a conformance report, by reason. */
export function skipReasons(report) {
  const reasons = new Map();
  const add = (reason) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  if (Array.isArray(report.testResults)) {
    for (const file of report.testResults) {
      for (const test of file.assertionResults ?? []) {
        if (["skipped", "pending", "todo"].includes(test.status)) add(reasonOfTest(test, file.name));
      }
    }
  } else if (Array.isArray(report.checks)) {
    for (const check of report.checks) {
      if (check.status === "skipped" || check.status === "not_applicable") {
        add(`${check.status.replace("_", " ")}: ${check.reason ?? "no reason given"}`);
      }
    }
  }
  return reasons;
}

/** Adds the counts of one map of reasons into another. */
export function mergeReasons(into, from) {
  for (const [reason, count] of from) into.set(reason, (into.get(reason) ?? 0) + count);
  return into;
}

/** The lines the tally prints: one per reason, most skipped first. */
export function formatReasons(reasons, root = process.cwd()) {
  return [...reasons]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, count]) => `  ${String(count).padStart(5)}  ${reason.replace(`${root}/`, "")}`);
}
