import type { CheckResult, ConformanceReport } from "../report.ts";
import { escapeHtml } from "./escape-html.ts";
import { anchorOf, statusLabel } from "./status-label.ts";

/** One table per area (in the report's order): status, id, level, time, and the rationale with any reason. */
export function checkTables(report: ConformanceReport): string {
  const groups = [...new Set(report.checks.map((check) => check.group))];
  return groups
    .map((group) => {
      const rows = report.checks.filter((check) => check.group === group).map(checkRow);
      return [
        `<section aria-labelledby="${anchorOf("area", group)}">`,
        `<h3 id="${anchorOf("area", group)}">${escapeHtml(group)}</h3>`,
        "<table>",
        `<caption>Checks of the ${escapeHtml(group)} area</caption>`,
        '<thead><tr><th scope="col">Status</th><th scope="col">Check</th><th scope="col">Level</th>' +
          '<th scope="col" class="num">Time</th><th scope="col">Rationale and reason</th></tr></thead>',
        `<tbody>${rows.join("\n")}</tbody>`,
        "</table>",
        "</section>",
      ].join("\n");
    })
    .join("\n");
}

function checkRow(check: CheckResult): string {
  const id = escapeHtml(check.id);
  const name =
    check.status === "failed"
      ? `<a href="#${anchorOf("failure", check.id)}"><code>${id}</code></a>`
      : `<code>${id}</code>`;
  const reason = check.reason === undefined ? "" : `<br><span class="muted">${escapeHtml(check.reason)}</span>`;
  return [
    `<tr id="${anchorOf("check", check.id)}">`,
    `<td>${statusLabel(check.status)}</td>`,
    `<th scope="row">${name}</th>`,
    `<td>${escapeHtml(check.level)}</td>`,
    `<td class="num">${check.status === "skipped" ? "—" : `${Math.round(check.duration_ms)} ms`}</td>`,
    `<td>${escapeHtml(check.rationale)}${reason}</td>`,
    "</tr>",
  ].join("");
}
