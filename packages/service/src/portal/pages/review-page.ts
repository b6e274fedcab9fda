import type { ReviewJson } from "@adapterkit/contract";
import { getOwnApp } from "../../apps/find-app.ts";
import { showApp } from "../../apps/show-app.ts";
import { ServiceError } from "../../errors/service-error.ts";
import { type ReportFormat, reviewReport, showReview } from "../../reviews/index.ts";
import { type PortalRoute, page, sessionOf } from "../portal-route.ts";

const STATUS_LABELS = { passed: "Passed", failed: "Failed", not_applicable: "Not applicable", skipped: "Skipped" };

function reviewIdOf(value: string | undefined): number {
  if (value === undefined || !/^[1-9][0-9]{0,15}$/.test(value)) throw new ServiceError("not_found", "No such review.");
  return Number(value);
}

function toView(review: ReviewJson) {
  const running = review.state === "queued" || review.state === "running";
  return {
    review: {
      id: review.id,
      state: review.state,
      running,
      done: review.progress.done,
      total: Math.max(review.progress.total, review.progress.done, 1),
      error: review.error,
    },
    counts: running ? undefined : review.counts,
    downloads: review.result !== null,
    groups: (review.groups ?? []).map((group) => ({
      name: group.group,
      checks: group.checks.map((check) => ({ ...check, statusLabel: STATUS_LABELS[check.status] })),
    })),
  };
}

/**
 * `GET /developer/apps/:slug/reviews/:id`: progress while it runs, then the report. The page does not reload itself:
 * a timed reload fails WCAG 2.2.1 (axe-core's meta-refresh rule), so it offers a Reload link instead (D255), and a
 * small nonce'd script swaps in the new progress where JavaScript runs (D241).
 */
export const reviewPage: PortalRoute = {
  method: "GET",
  pattern: "/developer/apps/:slug/reviews/:id",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const { name } = await showApp(context, principal, await getOwnApp(context.store.db, principal, slug));
    const review = await showReview(context, principal, slug, reviewIdOf(request.params.id));
    const view = toView(review);
    return page(
      "review",
      {
        title: `Review ${review.id} of ${name}`,
        section: "developer",
        liveProgress: view.review.running,
      },
      { ...view, app: { slug, name } },
    );
  },
};

function reportRoute(suffix: string, format: ReportFormat): PortalRoute {
  return {
    method: "GET",
    pattern: `/developer/apps/:slug/reviews/:id/report.${suffix}`,
    signedIn: true,
    async handle(request, context) {
      const slug = request.params.slug ?? "";
      const id = reviewIdOf(request.params.id);
      const report = await reviewReport(context, sessionOf(request).principal, slug, id, format);
      return {
        kind: "file",
        status: 200,
        contentType: report.contentType,
        body: report.body,
        headers: {
          "Cache-Control": "no-store",
          "Content-Disposition": `attachment; filename="${slug}-review-${id}.${suffix}"`,
        },
      };
    },
  };
}

/** `GET …/reviews/:id/report.json`: the runner's JSON report, to download. */
export const jsonReport = reportRoute("json", "json");

/** `GET …/reviews/:id/report.xml`: the report as JUnit XML, to download. */
export const junitReport = reportRoute("xml", "junit");
