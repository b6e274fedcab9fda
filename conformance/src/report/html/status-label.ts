import type { CheckStatus } from "../../check.ts";

const LABELS: Readonly<Record<CheckStatus, string>> = {
  passed: "PASS",
  failed: "FAIL",
  not_applicable: '<abbr title="not applicable">N/A</abbr>',
  skipped: "SKIP",
};

/** A status as a word in a tinted box: the word carries the meaning, the colour only repeats it. */
export function statusLabel(status: CheckStatus): string {
  return `<span class="status status-${status}">${LABELS[status]}</span>`;
}

/** An id safe for an `id` attribute and a `#` link (check ids and groups already are; this keeps any report safe). */
export function anchorOf(prefix: string, name: string): string {
  return `${prefix}-${name.toLowerCase().replace(/[^a-z0-9.-]/g, "_")}`;
}
