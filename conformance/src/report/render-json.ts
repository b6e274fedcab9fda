import type { ConformanceReport } from "./report.ts";

/** The JSON report: stable field order (as built), two-space indented, ending in a newline. */
export function renderJson(report: ConformanceReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
