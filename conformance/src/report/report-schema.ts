import { ADAPTER_ENDPOINTS, type AdapterEndpointId } from "@adapterkit/contract";
import { z } from "zod";
import { CONFORMANCE_PROFILES } from "./conformance-profiles.ts";
import { RUN_RESULTS } from "./run-results.ts";

/**
 * The areas checks are grouped by (architecture.md#check-groups); `--only`/`--skip` accept these as well as check ids.
 */
export const CHECK_GROUPS = [
  "manifest",
  "health",
  "endpoints",
  "verify",
  "verify-webhook",
  "parse-inbound",
  "inbound",
  "feedback-loop",
  "deliver",
  "format",
  "sources",
  "stateless",
  "robustness",
  "security",
  "performance",
] as const;

/** How much a check weighs: review passes when every required check passes (D29). */
export const CHECK_LEVELS = ["required", "recommended"] as const;

export const CHECK_STATUSES = ["passed", "failed", "not_applicable", "skipped"] as const;

const endpointIds = ADAPTER_ENDPOINTS.map((endpoint) => endpoint.id) as [AdapterEndpointId, ...AdapterEndpointId[]];
const count = z.int().min(0);
const milliseconds = z.number().min(0);

/** One concrete way the adapter fell short: enough to understand and reproduce it. */
export const checkFailureSchema = z.strictObject({
  endpoint: z.string().describe("e.g. POST /parse-inbound"),
  message: z.string(),
  expected: z.string().optional(),
  actual: z.string().optional(),
  pointer: z.string().optional().describe("JSON Pointer of the offending field in the response (or request) body."),
  curl: z.string().optional().describe("A curl line that reproduces the call, with secrets redacted."),
  step: z
    .string()
    .optional()
    .describe("The setup step that failed, when the failure happened before the check proper."),
});

/** One check's result in a report. */
export const checkResultSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+\.[a-z0-9-]+$/),
  group: z.enum(CHECK_GROUPS),
  level: z.enum(CHECK_LEVELS),
  rationale: z.string(),
  status: z.enum(CHECK_STATUSES),
  reason: z.string().optional(),
  duration_ms: milliseconds,
  failures: z.array(checkFailureSchema),
});

/** Latency of one endpoint over every call the run made to it. */
export const endpointLatencySchema = z.strictObject({
  endpoint: z.enum(endpointIds),
  path: z.string(),
  samples: z.int().min(1),
  p50_ms: milliseconds,
  p95_ms: milliseconds,
  max_ms: milliseconds,
});

/** How many checks ended in each status. */
export const reportSummarySchema = z.strictObject({
  total: count,
  passed: count,
  failed: count,
  not_applicable: count,
  skipped: count,
  required_failed: count.describe("Failed checks of level required: review passes when this is 0 (D29)."),
});

/** The outcome of a run: the source of `conformance/report.schema.json`. */
export const conformanceReportSchema = z
  .strictObject({
    report_version: z.literal("2").describe("Bumped on any incompatible change of this shape."),
    runner: z.strictObject({ name: z.string(), version: z.string() }),
    adapter: z.strictObject({
      url: z.string(),
      slug: z.string(),
      manifest_sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .nullable()
        .describe("SHA-256 hex of the manifest bytes judged; null when the manifest could not be fetched."),
      health_version: z.string().nullable().describe("version of the first /health answer."),
    }),
    options: z.strictObject({
      profile: z
        .enum(CONFORMANCE_PROFILES)
        .optional()
        .describe("review runs the slow checks too; absent in reports written before the profile existed (default)."),
      slow_budget_ms: count
        .optional()
        .describe("How long the slow checks that ran may wait in all (their time budget); 0 when none ran."),
      level: z.enum(["required", "all"]),
      only: z.array(z.string()),
      skip: z.array(z.string()),
      signed: z.boolean().describe("Whether service calls were signed (D9) and the security checks ran."),
      timeouts_ms: z
        .strictObject(
          Object.fromEntries(endpointIds.map((id) => [id, z.int().min(1)])) as Record<AdapterEndpointId, z.ZodInt>,
        )
        .describe("The per-call timeout of each endpoint: the contract's (D11), or --timeout for all."),
      concurrency: z.int().min(1),
      latency_budget_ms: z.number().positive(),
    }),
    started_at: z.iso.datetime(),
    finished_at: z.iso.datetime(),
    duration_ms: count,
    result: z
      .enum(RUN_RESULTS)
      .describe("passed: every required check passed; unreachable: the adapter could not be reached, nothing ran."),
    error: z.string().optional().describe("Why the adapter was unreachable."),
    checks: z.array(checkResultSchema),
    endpoints: z.array(endpointLatencySchema),
    summary: reportSummarySchema,
  })
  .meta({
    title: "Conformance report",
    description:
      "The JSON report of `adapterkit conformance --reporter json` and of runConformance() (conformance/README.md).",
  });
