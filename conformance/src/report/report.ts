import type { z } from "zod";
import type {
  checkResultSchema,
  conformanceReportSchema,
  endpointLatencySchema,
  reportSummarySchema,
} from "./report-schema.ts";

/** One check's result in a report. */
export type CheckResult = z.infer<typeof checkResultSchema>;

/** Latency of one endpoint over every call the run made to it. */
export type EndpointLatency = z.infer<typeof endpointLatencySchema>;

/** How many checks ended in each status. */
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** The outcome of a run: `conformance/report.schema.json` is its published schema. */
export type ConformanceReport = z.infer<typeof conformanceReportSchema>;
