import type { ConformanceReport } from "@adapterkit/conformance";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type ReviewRow, withReviewTables } from "./review-tables.ts";

/** How a run ended: the runner's report, or an error that left no verdict. */
export type ReviewOutcome =
  | { readonly kind: "report"; readonly report: ConformanceReport }
  | { readonly kind: "errored"; readonly error: string };

/**
 * D590: what a report says of the adapter's signature check: `security.unsigned-rejected` passed (it refused unsigned
 * calls and took the ones signed with the App's secret) is evidence the secret is set; failed with a 2xx answer (it
 * accepted an unsigned call) withdraws any. Anything else (not applicable, a 500) says nothing.
 */
function signingEvidenceOf(report: ConformanceReport | undefined, reviewId: number, at: string) {
  const check = report?.checks.find((item) => item.id === "security.unsigned-rejected");
  if (check?.status === "passed") return { signing_verified_at: at, signing_verified_by: `review ${reviewId}` };
  const acceptedUnsigned = check?.failures.some((failure) => /^2\d\d\b/.test(failure.actual ?? ""));
  if (check?.status === "failed" && acceptedUnsigned) return { signing_verified_at: null, signing_verified_by: null };
  return undefined;
}

/**
 * Stores the outcome and moves the App in ONE transaction, only while `owner` still holds the review's lease (so a
 * run that lost it to another instance writes nothing): passed → the version approved, ready to publish (D450: the
 * App back to `draft`, or `published` at its earlier version), failed or errored → draft with the report (D210). An App an operator moved meanwhile (D118's override) is left as it is.
 * False when the lease was lost.
 */
export async function finishReview(
  db: Kysely<Database>,
  review: Pick<ReviewRow, "id" | "app_id" | "app_version">,
  owner: string,
  outcome: ReviewOutcome,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const report = outcome.kind === "report" ? outcome.report : undefined;
  const passed = report?.result === "passed";
  const state = outcome.kind === "errored" ? "errored" : passed ? "passed" : "failed";
  const error = outcome.kind === "errored" ? outcome.error : (report?.error ?? null);
  return db.transaction().execute(async (trx) => {
    const tables = withReviewTables(trx);
    const stored = await tables
      .updateTable("reviews")
      .set({
        state,
        report: report === undefined ? null : JSON.stringify(report),
        error,
        ...(report === undefined
          ? {}
          : {
              checks_done: report.summary.total,
              checks_total: report.summary.total,
              passed: report.summary.passed,
              failed: report.summary.failed,
              not_applicable: report.summary.not_applicable,
            }),
        lease_owner: null,
        lease_expires_at: null,
        finished_at: at,
        updated_at: at,
      })
      .where("id", "=", review.id)
      .where("state", "=", "running")
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    if (Number(stored.numUpdatedRows) !== 1) return false;
    const appReport = passed ? null : JSON.stringify(report ?? { result: "errored", error });
    // D450: a pass approves the version and publishes nothing; the App goes back to where a submit found it.
    const app = await tables
      .selectFrom("apps")
      .select("published_version")
      .where("id", "=", review.app_id)
      .executeTakeFirst();
    const back = (app?.published_version ?? null) === null ? "draft" : "published";
    const evidence = signingEvidenceOf(report, review.id, at);
    if (evidence !== undefined)
      await tables.updateTable("apps").set(evidence).where("id", "=", review.app_id).execute();
    await tables
      .updateTable("apps")
      .set(
        passed
          ? { state: back, review_report: null, updated_at: at }
          : { state: "draft", review_report: appReport, updated_at: at },
      )
      .where("id", "=", review.app_id)
      .where("state", "=", "in_review")
      .execute();
    return true;
  });
}
