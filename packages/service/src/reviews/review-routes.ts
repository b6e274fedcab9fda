import { ServiceError } from "../errors/service-error.ts";
import { type FeatureRoutes, principalOf, type Route } from "../http/route.ts";
import { parseIdParam } from "../store/storable-id.ts";
import { putFixtures, showFixtures } from "./app-fixtures.ts";
import { type ReportFormat, reviewReport } from "./review-report.ts";
import type { ReviewsContext } from "./reviews-context.ts";
import { listReviews, showReview } from "./show-review.ts";
import { submitForReview } from "./submit-for-review.ts";

const FORMATS: readonly ReportFormat[] = ["json", "junit", "html"];

// A malformed id is a 404 without a database read, as an unknown one.
const reviewIdOf = (segment: string | undefined): number => parseIdParam(segment) ?? 0;

/** `POST /api/v1/apps/{slug}/submit` (A2): draft → in_review, a review queued; 202 with the review. */
export const submitAppRoute: Route<"submit-app", ReviewsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 202, body: await submitForReview(context, principalOf(input), input.params.slug ?? "") };
  },
};

/** `GET /api/v1/apps/{slug}/reviews`. */
export const listAppReviewsRoute: Route<"list-app-reviews", ReviewsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: { items: await listReviews(context, principalOf(input), input.params.slug ?? "") } };
  },
};

/** `GET /api/v1/apps/{slug}/reviews/{review_id}`. */
export const getAppReviewRoute: Route<"get-app-review", ReviewsContext> = {
  auth: "api",
  async handler(input, context) {
    const { slug = "", review_id: reviewId } = input.params;
    return { status: 200, body: await showReview(context, principalOf(input), slug, reviewIdOf(reviewId)) };
  },
};

/** `GET /api/v1/apps/{slug}/reviews/{review_id}/report?format=json|junit|html`. */
export const getAppReviewReportRoute: Route<"get-app-review-report", ReviewsContext> = {
  auth: "api",
  async handler(input, context) {
    const format = (input.query.get("format") ?? "json") as ReportFormat;
    if (!FORMATS.includes(format)) {
      const message = `must be one of ${FORMATS.join(", ")}`;
      throw new ServiceError("invalid_request", `format: ${message}`, { errors: [{ path: "/format", message }] });
    }
    const { slug = "", review_id: reviewId } = input.params;
    const report = await reviewReport(context, principalOf(input), slug, reviewIdOf(reviewId), format);
    return { status: 200, body: report.body, contentType: report.contentType };
  },
};

/** `PUT /api/v1/apps/{slug}/fixtures`: the body is the fixtures file's text. */
export const putAppFixturesRoute: Route<"put-app-fixtures", ReviewsContext> = {
  auth: "api",
  async handler(input, context) {
    const text = input.body === null ? "" : Buffer.from(input.body).toString("utf8");
    return { status: 200, body: await putFixtures(context, principalOf(input), input.params.slug ?? "", text) };
  },
};

/** `GET /api/v1/apps/{slug}/fixtures`. */
export const getAppFixturesRoute: Route<"get-app-fixtures", ReviewsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await showFixtures(context, principalOf(input), input.params.slug ?? "") };
  },
};

/** The review routes, in the order of the contract's table. */
export const REVIEW_ROUTES = {
  "submit-app": submitAppRoute,
  "list-app-reviews": listAppReviewsRoute,
  "get-app-review": getAppReviewRoute,
  "get-app-review-report": getAppReviewReportRoute,
  "put-app-fixtures": putAppFixturesRoute,
  "get-app-fixtures": getAppFixturesRoute,
} satisfies FeatureRoutes<ReviewsContext>;
