import { checkTables } from "./html/check-tables.ts";
import { escapeHtml } from "./html/escape-html.ts";
import { failureDetails } from "./html/failure-details.ts";
import { HTML_STYLE } from "./html/html-style.ts";
import { latencyTable } from "./html/latency-table.ts";
import { summaryTable } from "./html/summary-table.ts";
import { profileLine } from "./render-pretty.ts";
import type { ConformanceReport } from "./report.ts";

/**
 * The report as one self-contained HTML page (inline CSS, no script, no external reference), for CI artifacts and
 * the developer portal: result, adapter facts, a summary per area, every failure in full, a table per area, and
 * latency. Everything from the report is escaped; secrets were redacted when the report was built.
 * @example await writeFile("conformance.html", renderHtmlReport(await runConformance({ adapterUrl })));
 */
export function renderHtmlReport(report: ConformanceReport): string {
  const title = `Conformance report: ${report.adapter.slug || report.adapter.url}`;
  const body =
    report.result === "unreachable"
      ? [`<p>No check ran: ${escapeHtml(report.error ?? "the adapter did not answer")}.</p>`]
      : [
          '<section aria-labelledby="summary"><h2 id="summary">Summary</h2>',
          summaryTable(report),
          "</section>",
          '<section aria-labelledby="failures"><h2 id="failures">Failures</h2>',
          failureDetails(report),
          "</section>",
          '<section aria-labelledby="areas"><h2 id="areas">Checks by area</h2>',
          checkTables(report),
          "</section>",
          '<section aria-labelledby="latency"><h2 id="latency">Latency</h2>',
          latencyTable(report),
          "</section>",
        ];
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${HTML_STYLE}</style>`,
    "</head>",
    "<body>",
    "<header>",
    `<h1>${escapeHtml(title)}</h1>`,
    resultLine(report),
    facts(report),
    "</header>",
    "<main>",
    ...body,
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function resultLine(report: ConformanceReport): string {
  const { failed, required_failed } = report.summary;
  const text =
    report.result === "passed"
      ? `PASSED: every required check passed${failed > 0 ? ` (${failed} recommended check(s) failed)` : ""}`
      : report.result === "unreachable"
        ? "UNREACHABLE: the adapter did not answer GET /manifest.json"
        : `FAILED: ${required_failed} required check(s) failed`;
  return `<p class="result result-${escapeHtml(report.result)}" role="status"><strong>${escapeHtml(text)}</strong></p>`;
}

function facts(report: ConformanceReport): string {
  const rows: [string, string][] = [
    ["Adapter URL", report.adapter.url],
    ["Slug", report.adapter.slug],
    ["Manifest SHA-256", report.adapter.manifest_sha256 ?? "—"],
    ["health.version", report.adapter.health_version ?? "—"],
    ["Runner", `${report.runner.name} ${report.runner.version}`],
    ["Started", report.started_at],
    ["Duration", `${(report.duration_ms / 1000).toFixed(1)} s`],
    ["Profile", profileLine(report)],
    ["Level", report.options.level === "all" ? "required and recommended" : "required only"],
    ["Service calls signed (D9)", report.options.signed ? "yes" : "no"],
    ...(report.options.only.length > 0 ? [["Only", report.options.only.join(", ")] as [string, string]] : []),
    ...(report.options.skip.length > 0 ? [["Skipped", report.options.skip.join(", ")] as [string, string]] : []),
  ];
  const items = rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`);
  return `<dl class="facts">${items.join("")}</dl>`;
}
