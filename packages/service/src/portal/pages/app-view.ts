import type { ProblemIssue } from "@adapterkit/contract";
import { listHealthChecks } from "../../apps/app-health-history.ts";
import { getOwnApp } from "../../apps/find-app.ts";
import { showApp } from "../../apps/show-app.ts";
import { signingSecretOf } from "../../apps/signing-secret-of.ts";
import type { Principal } from "../../auth/principal.ts";
import { listReviews, showFixtures } from "../../reviews/index.ts";
import type { ServiceContext } from "../../service-context.ts";
import { credentialFieldsOf } from "../credential-form.ts";
import type { ManifestChange } from "../manifest-diff.ts";
import { toManifestFields } from "../manifest-view.ts";
import { type PortalAnswer, page } from "../portal-route.ts";

/** What an action adds to the App's page: a notice, the new secret, Verify's result, Refresh's diff. */
export interface AppPageExtras {
  readonly notice?: string | undefined;
  readonly shownSecret?: string | undefined;
  readonly secretRotated?: boolean | undefined;
  readonly verifyResult?: { ok: boolean; message: string } | undefined;
  readonly verifyIssues?: readonly ProblemIssue[] | undefined;
  readonly diff?: readonly ManifestChange[] | undefined;
  readonly editError?: string | undefined;
  readonly editValue?: string | undefined;
  readonly fixturesError?: string | undefined;
  readonly submitError?: string | undefined;
}

// A3: the secret is shown once, right after rotation; otherwise only enough of it to tell which one is set.
function mask(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

/** The App's page as its author sees it, with what the last action added. */
export async function appPage(
  context: ServiceContext,
  principal: Principal,
  slug: string,
  extras: AppPageExtras = {},
  status = 200,
): Promise<PortalAnswer> {
  const row = await getOwnApp(context.store.db, principal, slug);
  const app = await showApp(context, principal, row);
  const [secret, checks, reviews, fixtures] = await Promise.all([
    signingSecretOf(context, principal, slug, { rotate: false }),
    listHealthChecks(context.store.db, row.id),
    listReviews(context, principal, slug),
    showFixtures(context, principal, slug),
  ]);
  return page(
    "app",
    { title: app.name, section: "developer" },
    {
      app,
      notice: extras.notice,
      healthChecks: checks.map((check) => ({
        at: check.checked_at,
        status: check.status,
        version: check.version ?? "—",
        detail: check.detail ?? "",
      })),
      manifestFields: toManifestFields(app.manifest),
      secret: {
        shown: extras.shownSecret !== undefined,
        rotated: extras.secretRotated === true,
        value: extras.shownSecret,
        masked: mask(secret.secret),
        createdAt: secret.created_at,
        previousExpiresAt: secret.previous_secret_expires_at,
      },
      verify: {
        fields: credentialFieldsOf(app.manifest.credentials ?? [], extras.verifyIssues),
        result: extras.verifyResult,
      },
      review: {
        fixtures: fixtures.uploaded ? `${fixtures.bytes} bytes, uploaded ${fixtures.updated_at}` : undefined,
        fixturesError: extras.fixturesError,
        submitError: extras.submitError,
        canSubmit: app.state === "draft",
        items: reviews.map((review) => ({ id: review.id, state: review.state, created: review.created_at })),
      },
      edit: { value: extras.editValue ?? app.base_url, error: extras.editError },
      diff: { shown: extras.diff !== undefined, changes: extras.diff ?? [] },
    },
    status,
  );
}
