import type { ReviewJson } from "@adapterkit/contract";
import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import { getOwnApp } from "../apps/find-app.ts";
import { transitionApp } from "../apps/transition-app.ts";
import type { Principal } from "../auth/principal.ts";
import { checkFixturesCarryCredentials } from "./check-fixtures-carry-credentials.ts";
import { withReviewTables } from "./review-tables.ts";
import type { ReviewsContext } from "./reviews-context.ts";
import { toReviewJson } from "./to-review-json.ts";

/**
 * A2 Submit for Review: moves the App to `in_review` and queues a review of its latest version in one transaction,
 * then wakes the review worker. The App's state makes it one review at a time: a second submit is a 409; so is a
 * version adding a required credential the stored fixtures lack (D591).
 */
export async function submitForReview(
  context: ReviewsContext,
  principal: Principal,
  slug: string,
): Promise<ReviewJson> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  await checkFixturesCarryCredentials(context, app);
  const at = context.now().toISOString();
  const review = await context.store.db.transaction().execute(async (trx) => {
    const moved = await transitionApp(trx, app, { kind: "submit" }, context.now());
    return withReviewTables(trx)
      .insertInto("reviews")
      .values({
        app_id: moved.id,
        organization_id: moved.organization_id,
        app_version: moved.latest_version,
        state: "queued",
        report: null,
        error: null,
        lease_owner: null,
        lease_expires_at: null,
        created_at: at,
        started_at: null,
        finished_at: null,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  context.reviews.wake();
  return toReviewJson(review, app.slug, false);
}
