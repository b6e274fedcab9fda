// A2: Submit for Review runs the conformance runner in the service; the pages and the API call these.
export { putFixtures, showFixtures } from "./app-fixtures.ts";
export { type ReportFormat, reviewReport } from "./review-report.ts";
export { createReviewWorker, type ReviewWorker, type ReviewWorkerOptions } from "./review-worker.ts";
export { listReviews, showReview } from "./show-review.ts";
export { submitForReview } from "./submit-for-review.ts";
