import type { ConformanceReport } from "../report.ts";
import { escapeHtml } from "./escape-html.ts";
import { anchorOf } from "./status-label.ts";

const STATUSES = ["passed", "failed", "not_applicable", "skipped"] as const;

/** The checks counted per area and status, each area linking to its table, with the run's totals in the footer. */
export function summaryTable(report: ConformanceReport): string {
  const groups = [...new Set(report.checks.map((check) => check.group))];
  const rows = groups.map((group) => {
    const checks = report.checks.filter((check) => check.group === group);
    const cells = STATUSES.map(
      (status) => `<td class="num">${checks.filter((check) => check.status === status).length}</td>`,
    );
    return `<tr><th scope="row"><a href="#${anchorOf("area", group)}">${escapeHtml(group)}</a></th>${cells.join("")}</tr>`;
  });
  const { summary } = report;
  const totals = STATUSES.map((status) => `<td class="num">${summary[status]}</td>`).join("");
  return [
    "<table>",
    "<caption>Checks by area and status</caption>",
    '<thead><tr><th scope="col">Area</th><th scope="col" class="num">Passed</th><th scope="col" class="num">Failed</th>' +
      '<th scope="col" class="num">Not applicable</th><th scope="col" class="num">Skipped</th></tr></thead>',
    `<tbody>${rows.join("\n")}</tbody>`,
    `<tfoot><tr><th scope="row">Total (${summary.total})</th>${totals}</tr></tfoot>`,
    "</table>",
    `<p>Required checks failed: <strong>${summary.required_failed}</strong>.</p>`,
  ].join("\n");
}
