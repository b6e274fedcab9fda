import { createHash } from "node:crypto";
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

/**
 * D388: how to run one failed check again on the author's machine: the CLI against the adapter, with the two things
 * only the author has named as placeholders (the signing secret in the environment, the fixtures file's path).
 */
export function reproduceCommand(baseUrl: string, checkId: string): string {
  const quoted = (value: string) => (/^[\w./:@%+=,-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`);
  return `ADAPTER_SIGNING_SECRET=<your App's signing secret> adapterkit conformance ${quoted(baseUrl)} --only ${quoted(checkId)} --fixtures <path to your fixtures file>`;
}

function toView(review: ReviewJson, baseUrl: string) {
  const running = review.state === "queued" || review.state === "running";
  const failed = (review.groups ?? []).flatMap((group) =>
    group.checks.filter((check) => check.status === "failed").map((check) => ({ id: check.id, group: group.group })),
  );
  return {
    review: {
      id: review.id,
      state: review.state,
      running,
      done: review.progress.done,
      // D592: the runner's own count once it started (0 before: "waiting", never a made-up "of 1").
      total: review.progress.total === 0 ? 0 : Math.max(review.progress.total, review.progress.done),
      error: review.error,
    },
    counts: running ? undefined : review.counts,
    // D450: a pass approves the version; publishing it is the author's next step, on the App's page.
    approved: review.state === "passed" ? review.version : undefined,
    failed,
    // D592: what a whole group of failures has in common, said first and plainly.
    causes: review.causes ?? [],
    downloads: review.result !== null,
    groups: (review.groups ?? []).map((group) => ({
      name: group.group,
      checks: group.checks.map((check) => ({
        ...check,
        statusLabel: STATUS_LABELS[check.status],
        reproduce: check.status === "failed" ? reproduceCommand(baseUrl, check.id) : undefined,
      })),
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
    const row = await getOwnApp(context.store.db, principal, slug);
    const app = await showApp(context, principal, row);
    const { name } = app;
    const review = await showReview(context, principal, slug, reviewIdOf(request.params.id));
    const view = toView(review, app.base_url);
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

// D387: the runner's HTML report carries its own <style>; the policy lets exactly that style in, by its hash, and no
// script at all, and the page is sandboxed so it cannot act as the portal even if the report were ever wrong.
function htmlReportHeaders(body: string): Record<string, string> {
  const styles = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash("sha256")
        .update(css ?? "")
        .digest("base64")}'`,
  );
  const style = styles.length === 0 ? "'none'" : styles.join(" ");
  return {
    "Content-Security-Policy": `default-src 'none'; style-src ${style}; img-src 'self' data:; script-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox`,
  };
}

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
          "Content-Disposition": `${format === "html" ? "inline" : "attachment"}; filename="${slug}-review-${id}.${suffix}"`,
          ...(format === "html" ? htmlReportHeaders(report.body) : {}),
        },
      };
    },
  };
}

/** `GET …/reviews/:id/report.json`: the runner's JSON report, to download. */
export const jsonReport = reportRoute("json", "json");

/** `GET …/reviews/:id/report.xml`: the report as JUnit XML, to download. */
export const junitReport = reportRoute("xml", "junit");

/** `GET …/reviews/:id/report.html`: the runner's HTML report, opened in the browser with the portal's session. */
export const htmlReport = reportRoute("html", "html");
