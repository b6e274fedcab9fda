import type { Manifest, ReviewGroup, ReviewJson } from "@adapterkit/contract";
import { getAppVersion, getOwnApp } from "../apps/find-app.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { readFixtures } from "./app-fixtures.ts";
import { plainReviewCauses } from "./plain-review-causes.ts";
import { type ReviewRow, withReviewTables } from "./review-tables.ts";
import type { ReviewsContext } from "./reviews-context.ts";
import { toReviewJson } from "./to-review-json.ts";

/** A2: the App's reviews, newest first, without their checks; the author's organization only (404 otherwise). */
export async function listReviews(context: ReviewsContext, principal: Principal, slug: string): Promise<ReviewJson[]> {
  const app = await getOwnApp(context.store.db, principal, slug);
  // Every column but the report: a list shows none, and a hundred finished reports are megabytes to read (D459).
  const rows = await withReviewTables(context.store.db)
    .selectFrom("reviews")
    .select(LISTED_COLUMNS)
    .where("app_id", "=", app.id)
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => toReviewJson({ ...row, report: null }, app.slug, false));
}

const LISTED_COLUMNS = [
  "id",
  "app_id",
  "organization_id",
  "app_version",
  "state",
  "checks_done",
  "checks_total",
  "passed",
  "failed",
  "not_applicable",
  "error",
  "lease_owner",
  "lease_expires_at",
  "attempts",
  "created_at",
  "started_at",
  "finished_at",
  "updated_at",
] as const satisfies readonly Exclude<keyof ReviewRow, "report">[];

/** One review row of one of the principal's organization's Apps (404 for any other). */
export async function getOwnReview(
  context: ReviewsContext,
  principal: Principal,
  slug: string,
  reviewId: number,
): Promise<{ row: ReviewRow; slug: string }> {
  const app = await getOwnApp(context.store.db, principal, slug);
  const row = Number.isSafeInteger(reviewId)
    ? await withReviewTables(context.store.db)
        .selectFrom("reviews")
        .selectAll()
        .where("id", "=", reviewId)
        .where("app_id", "=", app.id)
        .executeTakeFirst()
    : undefined;
  if (row === undefined) throw new ServiceError("not_found", `No review ${reviewId} of App ${slug}.`);
  return { row, slug: app.slug };
}

/** A2: one review with its state, progress and counts, and once finished the report's checks by group. */
export async function showReview(
  context: ReviewsContext,
  principal: Principal,
  slug: string,
  reviewId: number,
): Promise<ReviewJson> {
  const review = await getOwnReview(context, principal, slug, reviewId);
  const json = toReviewJson(review.row, review.slug, true);
  return json.state === "failed" ? { ...json, causes: await causesOf(context, review.row, json.groups ?? []) } : json;
}

/** D592: a failed review's plain causes, judged with the reviewed version's manifest and the stored fixtures. */
async function causesOf(context: ReviewsContext, row: ReviewRow, groups: readonly ReviewGroup[]) {
  const [version, fixtures] = await Promise.all([
    getAppVersion(context.store.db, row.app_id, row.app_version).catch(() => undefined),
    readFixtures(context, row.app_id).catch(() => undefined),
  ]);
  const manifest = version === undefined ? undefined : (JSON.parse(version.manifest) as Manifest);
  return plainReviewCauses(groups, { manifest, fixtures });
}
