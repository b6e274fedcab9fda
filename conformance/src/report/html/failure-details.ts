import type { CheckFailure } from "../../check.ts";
import type { CheckResult, ConformanceReport } from "../report.ts";
import { escapeHtml } from "./escape-html.ts";
import { anchorOf, statusLabel } from "./status-label.ts";

/** Every failed check, required ones first, each failure with its endpoint, step, pointer, expected/actual and curl. */
export function failureDetails(report: ConformanceReport): string {
  const failed = report.checks.filter((check) => check.status === "failed");
  if (failed.length === 0) return "<p>No check failed.</p>";
  const ordered = [
    ...failed.filter((check) => check.level === "required"),
    ...failed.filter((check) => check.level !== "required"),
  ];
  return ordered.map(failedCheck).join("\n");
}

function failedCheck(check: CheckResult): string {
  const failures =
    check.failures.length === 0 ? [`<p>${escapeHtml(check.reason ?? "failed")}</p>`] : check.failures.map(failureBlock);
  return [
    `<article class="failure" id="${anchorOf("failure", check.id)}" aria-labelledby="${anchorOf("title", check.id)}">`,
    `<h3 id="${anchorOf("title", check.id)}">${statusLabel("failed")} <code>${escapeHtml(check.id)}</code> ` +
      `<span class="muted">(${escapeHtml(check.level)})</span></h3>`,
    `<p class="muted">${escapeHtml(check.rationale)}</p>`,
    ...failures,
    "</article>",
  ].join("\n");
}

function failureBlock(failure: CheckFailure): string {
  const pointer = failure.pointer === undefined ? undefined : failure.pointer === "" ? "(whole body)" : failure.pointer;
  const facts = [
    fact("Endpoint", failure.endpoint, false),
    fact("Message", failure.message, false),
    fact("Setup step", failure.step, false),
    fact("JSON Pointer", pointer, true),
    fact("Expected", failure.expected, true),
    fact("Actual", failure.actual, true),
  ].join("");
  const curl =
    failure.curl === undefined
      ? ""
      : `\n<p>Reproduce (secrets redacted):</p>\n<pre><code>${escapeHtml(failure.curl)}</code></pre>`;
  return `<dl class="facts">${facts}</dl>${curl}`;
}

function fact(name: string, value: string | undefined, code: boolean): string {
  if (value === undefined) return "";
  const text = escapeHtml(value);
  return `<dt>${name}</dt><dd>${code ? `<code>${text}</code>` : text}</dd>`;
}
