import { ServiceError } from "../errors/service-error.ts";
import type { Route } from "../http/route.ts";
import { closeOpenReviews } from "../reviews/close-open-reviews.ts";
import type { AppsContext } from "./apps-context.ts";
import { findAppBySlug } from "./find-app.ts";
import { showApp } from "./show-app.ts";
import { transitionApp } from "./transition-app.ts";

/**
 * `POST /api/v1/admin/apps/{slug}/review` (admin token, D118): the operator's override of A2's review, in_review →
 * published or back to draft; the App's open review ends `errored` in the same transaction (D211).
 */
export const reviewAppRoute: Route<"review-app", AppsContext> = {
  auth: "admin",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    const app = await findAppBySlug(context.store.db, slug);
    if (app === undefined) throw new ServiceError("not_found", `No App ${slug}.`);
    const { passed, report } = input.body;
    const moved = await context.store.db.transaction().execute(async (trx) => {
      const reviewed = await transitionApp(trx, app, { kind: "review", passed, report }, context.now());
      await closeOpenReviews(trx, app.id, context.now());
      return reviewed;
    });
    return { status: 200, body: await showApp(context, { organizationId: app.organization_id }, moved) };
  },
};
