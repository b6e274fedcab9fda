import type { Service } from "../../src/index.ts";
import { withReviewTables } from "../../src/reviews/review-tables.ts";

/** A report as the runner writes one: one passed check, one failed with expected/actual, pointer and curl. */
export const PLANTED_REPORT = {
  report_version: "2",
  runner: { name: "adapterkit-conformance", version: "0.1.0" },
  adapter: { url: "http://127.0.0.1:1/planted", slug: "planted", manifest_sha256: null, health_version: null },
  options: {
    level: "all",
    only: [],
    skip: [],
    signed: true,
    timeouts_ms: {},
    concurrency: 4,
    latency_budget_ms: 500,
  },
  started_at: "2026-11-25T10:00:00.000Z",
  finished_at: "2026-11-25T10:00:01.000Z",
  duration_ms: 1000,
  result: "failed",
  checks: [
    {
      id: "manifest.schema",
      group: "manifest",
      level: "required",
      rationale: "The manifest matches the schema.",
      status: "passed",
      duration_ms: 3,
      failures: [],
    },
    {
      id: "parse-inbound.bot-flag",
      group: "parse-inbound",
      level: "required",
      rationale: "is_bot is true for the adapter's own messages.",
      status: "failed",
      duration_ms: 5,
      failures: [
        {
          endpoint: "POST /parse-inbound",
          message: "is_bot was false for a bot message",
          expected: "true",
          actual: "false",
          pointer: "/events/0/is_bot",
          curl: "curl -sS -X POST 'http://127.0.0.1:1/planted/parse-inbound'",
        },
      ],
    },
  ],
  endpoints: [],
  summary: { total: 2, passed: 1, failed: 1, not_applicable: 0, skipped: 0, required_failed: 1 },
};

/**
 * Stores a finished review of an App's latest version straight in its table (for tests and benches that read reviews,
 * not run them), failed unless told, with the given report (the planted one by default); its counts come from the
 * report's summary.
 */
export async function plantReview(
  service: Service,
  slug: string,
  report: { summary: { total: number; passed: number; failed: number } } = PLANTED_REPORT,
  state: "failed" | "passed" = "failed",
): Promise<number> {
  const db = withReviewTables(service.store.db);
  const app = await db.selectFrom("apps").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const row = await db
    .insertInto("reviews")
    .values({
      app_id: app.id,
      organization_id: app.organization_id,
      app_version: app.latest_version,
      state,
      checks_done: report.summary.total,
      checks_total: report.summary.total,
      passed: report.summary.passed,
      failed: report.summary.failed,
      report: JSON.stringify(report),
      error: null,
      lease_owner: null,
      lease_expires_at: null,
      attempts: 1,
      created_at: at,
      started_at: at,
      finished_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
