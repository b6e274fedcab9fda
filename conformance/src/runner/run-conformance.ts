import type { ConformanceReport } from "../report/report.ts";
import type { ConformanceOptions } from "./conformance-options.ts";

/** Runs every selected check against one adapter and returns the report (placeholder until the runner lands). */
export async function runConformance(_options: ConformanceOptions): Promise<ConformanceReport> {
  throw new Error("runConformance is not written yet");
}
