import { getOwnApp } from "../../apps/find-app.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { putFixtures, showFixtures, submitForReview } from "../../reviews/index.ts";
import { type PortalRoute, redirect, sessionOf } from "../portal-route.ts";
import { appPage, submitBlockedReason } from "./app-view.ts";

/** `POST /developer/apps/:slug/fixtures`: the conformance fixtures file (a file input, or pasted text). */
export const uploadFixtures: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/fixtures",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const file = request.form.get("fixtures_file") ?? "";
    const text = file.trim() !== "" ? file : (request.form.get("fixtures_text") ?? "");
    if (text.trim() === "") {
      return appPage(context, principal, slug, { fixturesError: "Choose a fixtures file or paste its text." }, 400);
    }
    try {
      const stored = await putFixtures(context, principal, slug, text);
      return appPage(context, principal, slug, { notice: `Fixtures stored (${stored.bytes} bytes).` });
    } catch (error) {
      if (!isServiceError(error) || error.code !== "invalid_request") throw error;
      const where = error.errors?.[0]?.path ? ` (at ${error.errors[0].path})` : "";
      return appPage(context, principal, slug, { fixturesError: `${error.message}${where}` }, 400);
    }
  },
};

/**
 * `POST /developer/apps/:slug/reviews`: Submit for Review, then the review's page. D381: the portal refuses (409, the
 * reason beside the button) what the page shows disabled: no fixtures file, an adapter whose /health is down or
 * unready, nothing new to review.
 */
export const submitReview: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/reviews",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const app = await getOwnApp(context.store.db, principal, slug);
    const fixtures = await showFixtures(context, principal, slug);
    const blocked = submitBlockedReason(app, { fixtures: fixtures.uploaded, health: app.health_status });
    if (blocked !== undefined) return appPage(context, principal, slug, { submitError: blocked }, 409);
    try {
      const review = await submitForReview(context, principal, slug);
      return redirect(`/developer/apps/${slug}/reviews/${review.id}`);
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      return appPage(context, principal, slug, { submitError: error.message }, 409);
    }
  },
};
