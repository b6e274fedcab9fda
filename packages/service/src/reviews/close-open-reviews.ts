import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withReviewTables } from "./review-tables.ts";

/**
 * D211: when the operator records a review's outcome by hand (D118's override), the App's queued or running review
 * ends `errored` saying so; a run still under way then finds its lease gone and writes nothing.
 */
export async function closeOpenReviews(db: Kysely<Database>, appId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await withReviewTables(db)
    .updateTable("reviews")
    .set({
      state: "errored",
      error: "The instance's operator recorded the review's outcome instead (D118).",
      lease_owner: null,
      lease_expires_at: null,
      finished_at: at,
      updated_at: at,
    })
    .where("app_id", "=", appId)
    .where("state", "in", ["queued", "running"])
    .execute();
}
