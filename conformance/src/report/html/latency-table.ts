import type { ConformanceReport } from "../report.ts";
import { escapeHtml } from "./escape-html.ts";

/** p50/p95/max per endpoint over every typed call of the run. */
export function latencyTable(report: ConformanceReport): string {
  if (report.endpoints.length === 0) return "<p>No endpoint was timed.</p>";
  const rows = report.endpoints.map(
    (row) =>
      `<tr><th scope="row"><code>${escapeHtml(row.path)}</code></th><td class="num">${row.samples}</td>` +
      `<td class="num">${row.p50_ms} ms</td><td class="num">${row.p95_ms} ms</td><td class="num">${row.max_ms} ms</td></tr>`,
  );
  return [
    "<table>",
    "<caption>Latency per endpoint</caption>",
    '<thead><tr><th scope="col">Endpoint</th><th scope="col" class="num">Calls</th><th scope="col" class="num">p50</th>' +
      '<th scope="col" class="num">p95</th><th scope="col" class="num">Max</th></tr></thead>',
    `<tbody>${rows.join("\n")}</tbody>`,
    "</table>",
  ].join("\n");
}
