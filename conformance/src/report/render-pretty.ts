import type { CheckFailure, CheckGroup } from "../check.ts";
import type { ConformanceReport } from "./report.ts";
import { createStyle, type Style } from "./style.ts";

/**
 * The terminal reporter's summary: a table per group, every failure with expected/actual/pointer/curl, the p95 per
 * endpoint, and the result line. Plain text stays readable with colour off.
 */
export function renderPretty(report: ConformanceReport, options: { color: boolean }): string {
  const style = createStyle(options.color);
  const lines: string[] = ["", style.bold(`adapterkit conformance ${report.runner.version} — ${report.adapter.url}`)];
  if (report.result === "unreachable") {
    lines.push(style.red(`Unreachable: ${report.error ?? "no answer"}`), "", resultLine(report, style), "");
    return lines.join("\n");
  }
  lines.push(
    style.dim(
      `manifest sha256 ${report.adapter.manifest_sha256 ?? "-"} · health.version ${report.adapter.health_version ?? "-"}`,
    ),
    style.dim(profileLine(report)),
    "",
  );
  lines.push(...summaryTable(report), "");
  const failed = report.checks.filter((check) => check.status === "failed");
  if (failed.length > 0) {
    lines.push(style.bold("Failures"), "");
    for (const check of failed) {
      lines.push(
        `${style.red("✗")} ${style.bold(check.id)} ${style.dim(`(${check.level})`)}`,
        `  ${style.dim(check.rationale)}`,
      );
      for (const failure of check.failures) lines.push(...failureLines(failure, style), "");
    }
  }
  if (report.endpoints.length > 0) lines.push(...latencyTable(report), "");
  lines.push(resultLine(report, style), "");
  return lines.join("\n");
}

/** The profile and the time budget of its slow checks, e.g. `profile review · slow checks may wait 10.0 s in all`. */
export function profileLine(report: ConformanceReport): string {
  const budget = report.options.slow_budget_ms ?? 0;
  const slow = budget > 0 ? `slow checks may wait ${(budget / 1000).toFixed(1)} s in all` : "no slow checks ran";
  return `profile ${report.options.profile ?? "default"} · ${slow}`;
}

function summaryTable(report: ConformanceReport): string[] {
  const groups = [...new Set(report.checks.map((check) => check.group))] as CheckGroup[];
  const rows = groups.map((group) => {
    const checks = report.checks.filter((check) => check.group === group);
    const count = (status: string) => String(checks.filter((check) => check.status === status).length);
    return [group, count("passed"), count("failed"), count("not_applicable"), count("skipped")];
  });
  const { passed, failed, not_applicable, skipped } = report.summary;
  return table(
    ["group", "passed", "failed", "n/a", "skipped"],
    [...rows, ["total", passed, failed, not_applicable, skipped].map(String)],
  );
}

function latencyTable(report: ConformanceReport): string[] {
  const rows = report.endpoints.map((row) => [
    row.path,
    String(row.samples),
    `${row.p50_ms} ms`,
    `${row.p95_ms} ms`,
    `${row.max_ms} ms`,
  ]);
  return table(["endpoint", "calls", "p50", "p95", "max"], rows);
}

function failureLines(failure: CheckFailure, style: Style): string[] {
  const field = (name: string, value: string | undefined) =>
    value === undefined ? [] : [`    ${style.dim(`${name}:`.padEnd(10))}${value}`];
  return [
    `  ${failure.endpoint}: ${failure.message}`,
    ...field("step", failure.step),
    ...field(
      "pointer",
      failure.pointer === undefined ? undefined : failure.pointer === "" ? "(whole body)" : failure.pointer,
    ),
    ...field("expected", failure.expected),
    ...field("actual", failure.actual),
    ...field("curl", failure.curl),
  ];
}

function resultLine(report: ConformanceReport, style: Style): string {
  const { required_failed, failed } = report.summary;
  const seconds = (report.duration_ms / 1000).toFixed(1);
  if (report.result === "passed") {
    const note = failed > 0 ? ` (${failed} recommended check(s) failed)` : "";
    return style.green(`PASSED: every required check passed${note} in ${seconds} s`);
  }
  if (report.result === "unreachable") return style.red("UNREACHABLE: no check ran");
  return style.red(`FAILED: ${required_failed} required check(s) failed in ${seconds} s`);
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "─".repeat(width)).join("  "), ...rows.map(line)];
}
