import { findAppBySlug } from "../../apps/find-app.ts";
import { showApp } from "../../apps/show-app.ts";
import { transitionApp } from "../../apps/transition-app.ts";
import { ServiceError } from "../../errors/service-error.ts";
import type { Route } from "../route.ts";

/** `POST /api/v1/admin/apps/{slug}/review` (admin token, D118): in_review → published or back to draft. */
export const reviewAppRoute: Route<"review-app"> = {
  auth: "admin",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    const app = await findAppBySlug(context.store.db, slug);
    if (app === undefined) throw new ServiceError("not_found", `No App ${slug}.`);
    const { passed, report } = input.body;
    const moved = await transitionApp(context.store.db, app, { kind: "review", passed, report }, context.now());
    return { status: 200, body: await showApp(context, { organizationId: app.organization_id }, moved) };
  },
};
