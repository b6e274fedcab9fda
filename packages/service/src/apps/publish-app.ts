import type { AppJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { withReviewTables } from "../reviews/review-tables.ts";
import type { Database } from "../store/index.ts";
import { type AppRow, withAppTables } from "./app-tables.ts";
import type { AppsContext } from "./apps-context.ts";
import { getManagedApp } from "./authorize-app-management.ts";
import { showApp } from "./show-app.ts";

// An App keeps far fewer reviews than this; the newest ones decide.
const REVIEWS_READ = 500;

/**
 * D450: the versions newer than the published one whose newest review passed ("approved, ready to publish"),
 * newest first. A version reviewed again after passing counts by its newest review only.
 */
export async function approvedVersions(
  db: Kysely<Database>,
  app: Pick<AppRow, "id" | "published_version">,
): Promise<number[]> {
  const reviews = await withReviewTables(db)
    .selectFrom("reviews")
    .select(["app_version", "state"])
    .where("app_id", "=", app.id)
    .where("app_version", ">", app.published_version ?? 0)
    .orderBy("id", "desc")
    .limit(REVIEWS_READ)
    .execute();
  const newest = new Map<number, string>();
  for (const review of reviews) if (!newest.has(review.app_version)) newest.set(review.app_version, review.state);
  return [...newest]
    .filter(([, state]) => state === "passed")
    .map(([version]) => version)
    .sort((a, b) => b - a);
}

/**
 * D450 Publish: an explicit step after a passing review. Publishes `requested` (by default the newest approved
 * version): installations made from then on pin it; existing ones move only when the author asks (D451). 409 while
 * a review runs, or when the version has no passed review newer than the published one. The update is conditional
 * on the state and published version read, so two publishes cannot both happen.
 */
export async function publishApp(
  context: AppsContext,
  principal: Principal,
  slug: string,
  requested: number | undefined,
): Promise<AppJson> {
  const db = context.store.db;
  const app = await getManagedApp(db, principal, slug);
  if (app.state === "in_review") {
    throw new ServiceError("conflict", `A review of App ${slug} is running; publish once it has passed.`);
  }
  const approved = await approvedVersions(db, app);
  const version = requested ?? approved[0];
  if (version === undefined) {
    throw new ServiceError(
      "conflict",
      `App ${slug} has no approved version newer than the published one; submit its latest version for review first.`,
    );
  }
  if (!approved.includes(version)) {
    const why =
      version <= (app.published_version ?? 0)
        ? `is not newer than the published version ${app.published_version}`
        : "has no passed review (its newest review did not pass, or it has none)";
    throw new ServiceError("conflict", `Version ${version} of App ${slug} ${why}.`, {
      errors: [{ path: "/version", message: why }],
    });
  }
  const published = await withAppTables(db)
    .updateTable("apps")
    .set({
      state: "published",
      published_version: version,
      review_report: null,
      updated_at: context.now().toISOString(),
    })
    .where("id", "=", app.id)
    .where("state", "=", app.state)
    .where((eb) =>
      app.published_version === null
        ? eb("published_version", "is", null)
        : eb("published_version", "=", app.published_version),
    )
    .returningAll()
    .executeTakeFirst();
  if (published === undefined) throw new ServiceError("conflict", `App ${slug} changed meanwhile; try again.`);
  return showApp(context, principal, published);
}
