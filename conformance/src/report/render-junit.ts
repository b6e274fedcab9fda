import type { CheckFailure } from "../check.ts";
import type { CheckResult, ConformanceReport } from "./report.ts";

/**
 * JUnit XML: one testsuite per run, one testcase per check (classname `conformance.<group>`); a failed check is a
 * `<failure>`, a not-applicable or skipped one a `<skipped>`. Recommended failures are failures too, typed as such.
 */
export function renderJunit(report: ConformanceReport): string {
  const failures = report.checks.filter((check) => check.status === "failed").length;
  const skipped = report.checks.filter(
    (check) => check.status === "skipped" || check.status === "not_applicable",
  ).length;
  const suite = attributes({
    name: `adapterkit conformance ${report.adapter.url}`,
    tests: report.checks.length,
    failures,
    errors: 0,
    skipped,
    time: seconds(report.duration_ms),
    timestamp: report.started_at,
  });
  const cases = report.checks.map(testcase).join("\n");
  const properties = [
    ["runner.version", report.runner.version],
    ["adapter.url", report.adapter.url],
    ["manifest.sha256", report.adapter.manifest_sha256 ?? ""],
    ["health.version", report.adapter.health_version ?? ""],
    ["result", report.result],
    ...(report.error === undefined ? [] : [["error", report.error]]),
  ]
    .map(([name, value]) => `      <property ${attributes({ name: name ?? "", value: value ?? "" })}/>`)
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attributes({ name: "adapterkit conformance", tests: report.checks.length, failures, errors: 0, skipped, time: seconds(report.duration_ms) })}>`,
    `  <testsuite ${suite}>`,
    "    <properties>",
    properties,
    "    </properties>",
    cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

function testcase(check: CheckResult): string {
  const head = `    <testcase ${attributes({ name: check.id, classname: `conformance.${check.group}`, time: seconds(check.duration_ms) })}`;
  if (check.status === "passed") return `${head}/>`;
  if (check.status === "failed") {
    const message = check.failures[0]?.message ?? check.reason ?? "failed";
    const body = check.failures.map(describe).join("\n\n");
    return `${head}>\n      <failure ${attributes({ message, type: check.level })}>${escapeXml(body)}</failure>\n    </testcase>`;
  }
  const label = check.status === "not_applicable" ? "not applicable" : "skipped";
  return `${head}>\n      <skipped ${attributes({ message: `${label}: ${check.reason ?? ""}` })}/>\n    </testcase>`;
}

function describe(failure: CheckFailure): string {
  return [
    `${failure.endpoint}: ${failure.message}`,
    failure.step === undefined ? undefined : `step: ${failure.step}`,
    failure.pointer === undefined ? undefined : `pointer: ${failure.pointer === "" ? "(whole body)" : failure.pointer}`,
    failure.expected === undefined ? undefined : `expected: ${failure.expected}`,
    failure.actual === undefined ? undefined : `actual: ${failure.actual}`,
    failure.curl === undefined ? undefined : `curl: ${failure.curl}`,
  ]
    .filter((line) => line !== undefined)
    .join("\n");
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(
      ([name, value]) =>
        `${name}="${escapeXml(String(value)).replace(/\n/g, "&#10;").replace(/\t/g, "&#9;").replace(/\r/g, "&#13;")}"`,
    )
    .join(" ");
}

// biome-ignore lint/complexity/useRegexLiterals: a literal would need control characters, which biome also refuses.
const NOT_XML_CHARACTER = new RegExp("[^\\t\\n\\r\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]", "gu");

/** XML-escapes text and drops characters XML 1.0 cannot carry at all. */
function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHARACTER, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
