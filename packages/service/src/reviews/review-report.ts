import { renderHtmlReport, renderJson, renderJunit } from "@adapterkit/conformance";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { ReviewsContext } from "./reviews-context.ts";
import { getOwnReview } from "./show-review.ts";
import { reportOf } from "./to-review-json.ts";

/** The formats a stored report is rendered in. */
export type ReportFormat = "json" | "junit" | "html";

const CONTENT_TYPES: Record<ReportFormat, string> = {
  json: "application/json",
  junit: "application/xml; charset=utf-8",
  html: "text/html; charset=utf-8",
};

/** A2: a finished review's report as the runner wrote it (JSON), or JUnit XML or HTML rendered from it. */
export async function reviewReport(
  context: ReviewsContext,
  principal: Principal,
  slug: string,
  reviewId: number,
  format: ReportFormat,
): Promise<{ contentType: string; body: string }> {
  const { row } = await getOwnReview(context, principal, slug, reviewId);
  const report = reportOf(row);
  if (report === undefined) {
    throw new ServiceError("conflict", `Review ${reviewId} is ${row.state}; it has no report.`);
  }
  const render = { json: renderJson, junit: renderJunit, html: renderHtmlReport }[format];
  return { contentType: CONTENT_TYPES[format], body: render(report) };
}
