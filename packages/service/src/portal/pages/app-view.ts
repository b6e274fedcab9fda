import type { Manifest, ProblemIssue } from "@adapterkit/contract";
import { listHealthChecks } from "../../apps/app-health-history.ts";
import type { AppRow } from "../../apps/app-tables.ts";
import { getManagedApp } from "../../apps/authorize-app-management.ts";
import type { SigningCheck } from "../../apps/check-app-signing.ts";
import { getAppVersion } from "../../apps/find-app.ts";
import { listAppVersions } from "../../apps/list-app-versions.ts";
import { approvedVersions } from "../../apps/publish-app.ts";
import { publisherLabel, publisherNames } from "../../apps/publisher-names.ts";
import { showApp } from "../../apps/show-app.ts";
import { signingSecretOf } from "../../apps/signing-secret-of.ts";
import type { Principal } from "../../auth/principal.ts";
import { projectOfPrincipal } from "../../auth/project-of-principal.ts";
import {
  countInstallationsByVersion,
  type InstallationVersionCounts,
} from "../../installations/count-installations-by-version.ts";
import { listInstallationPage } from "../../installations/installation-store.ts";
import { readFixtures } from "../../reviews/app-fixtures.ts";
import { type FixtureCredentialGap, fixtureCredentialGaps } from "../../reviews/fixture-credential-gaps.ts";
import { listReviews, showFixtures } from "../../reviews/index.ts";
import type { ServiceContext } from "../../service-context.ts";
import { credentialFieldsOf } from "../credential-form.ts";
import { describeManifestChanges, type ManifestChangeRow } from "../manifest-changes.ts";
import { toManifestFields } from "../manifest-view.ts";
import { type PortalAnswer, page } from "../portal-route.ts";
import { signingVerified, toChecklist } from "./app-checklist.ts";
import { upgradeJobsView } from "./upgrade-jobs-view.ts";

/** What an action adds to the App's page: a notice, the new secret, Verify's result, Refresh's diff. */
export interface AppPageExtras {
  readonly notice?: string | undefined;
  readonly shownSecret?: string | undefined;
  readonly secretRotated?: boolean | undefined;
  readonly verifyResult?: { ok: boolean; message: string } | undefined;
  readonly verifyIssues?: readonly ProblemIssue[] | undefined;
  readonly diff?: readonly ManifestChangeRow[] | undefined;
  readonly editError?: string | undefined;
  readonly editValue?: string | undefined;
  readonly fixturesError?: string | undefined;
  readonly submitError?: string | undefined;
  readonly releaseError?: string | undefined;
  readonly upgradeError?: string | undefined;
  readonly upgradeValue?: string | undefined;
  readonly signingCheck?: SigningCheck | undefined;
}

// A3: the secret is shown once, right after rotation; otherwise only enough of it to tell which one is set.
function mask(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

/** The required credentials of the App's latest version that its stored fixtures lack (none without fixtures). */
async function latestFixtureGaps(context: ServiceContext, row: AppRow): Promise<FixtureCredentialGap[]> {
  // A stored file a newer runner no longer reads is the upload's business (its form says so), not the page's.
  const fixtures = await readFixtures(context, row.id).catch(() => undefined);
  if (fixtures === undefined) return [];
  const version = await getAppVersion(context.store.db, row.id, row.latest_version);
  return fixtureCredentialGaps(JSON.parse(version.manifest) as Manifest, fixtures);
}

/** The App's page as its author sees it, with what the last action added. */
export async function appPage(
  context: ServiceContext,
  principal: Principal,
  slug: string,
  extras: AppPageExtras = {},
  status = 200,
): Promise<PortalAnswer> {
  // D584: the App's page is its management: the project that registered it only.
  const row = await getManagedApp(context.store.db, principal, slug);
  const app = await showApp(context, principal, row);
  const [secret, checks, reviews, fixtures, versions, approved, counts, upgrades, fixtureGaps] = await Promise.all([
    signingSecretOf(context, principal, slug, { rotate: false, reveal: false }),
    listHealthChecks(context.store.db, row.id),
    listReviews(context, principal, slug),
    showFixtures(context, principal, slug),
    listAppVersions(context.store.db, row.id),
    approvedVersions(context.store.db, row),
    countInstallationsByVersion(context.store.db, row),
    upgradeJobsView(context, principal, row),
    latestFixtureGaps(context, row),
  ]);
  const scope = { organizationId: principal.organizationId, projectId: await projectOfPrincipal(context, principal) };
  const installed = await listInstallationPage(context.store.db, scope, { offset: 0, limit: 50, appId: row.id });
  const blocked = submitBlockedReason(row, { fixtures: fixtures.uploaded, health: app.health.status });
  const publishers = await publisherNames(context.store.db, [row.organization_id]);
  return page(
    "app",
    { title: app.name, section: "developer" },
    {
      app,
      publisher: publisherLabel(publishers, row.organization_id, principal.organizationId),
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
        check: extras.signingCheck,
        verified: signingVerified(row) ? { at: row.signing_verified_at, by: row.signing_verified_by } : undefined,
      },
      verify: {
        fields: credentialFieldsOf(app.manifest.credentials ?? [], extras.verifyIssues),
        result: extras.verifyResult,
      },
      review: {
        fixtures: fixtures.uploaded ? { bytes: fixtures.bytes, uploaded: fixtures.updated_at } : undefined,
        fixturesError: extras.fixturesError,
        submitError: extras.submitError,
        canSubmit: blocked === undefined,
        blockedReason: blocked,
        items: reviews.map((review) => ({
          id: review.id,
          version: review.version,
          state: review.state,
          created: review.created_at,
        })),
      },
      checklist: toChecklist(row, {
        signing: signingVerified(row),
        fixtures: fixtures.uploaded ? fixtureGaps : undefined,
        reviewPassed: reviews.some((review) => review.state === "passed"),
      }),
      versions: toVersionItems(row, versions, reviews, approved),
      release: {
        ...toRelease(row, approved[0], counts, extras),
        upgrades,
        upgrading: upgrades.some((job) => job.active),
      },
      installations: {
        items: installed.items.map((item) => ({ id: item.id, version: item.app_version, created: item.created_at })),
        total: installed.total,
      },
      edit: { value: extras.editValue ?? app.base_url, error: extras.editError },
      diff: { shown: extras.diff !== undefined, changes: extras.diff ?? [] },
    },
    status,
  );
}

/**
 * Why Submit for Review cannot be pressed now, in words the page shows beside the disabled button (D380), or
 * undefined when it can: the same rules as the server applies on submit.
 */
export function submitBlockedReason(
  app: Pick<AppRow, "state" | "latest_version" | "published_version">,
  status: { fixtures: boolean; health: string },
): string | undefined {
  if (app.state === "in_review") return `Version ${app.latest_version} is in review; wait for its verdict.`;
  if (app.state === "published" && app.latest_version === app.published_version) {
    return `Version ${app.latest_version} is published and there is no newer version: change the adapter's manifest, then Refresh, to get one to submit.`;
  }
  if (!status.fixtures) return "Upload a fixtures file first: the review runs the conformance checks with it.";
  if (status.health === "down" || status.health === "unready") {
    return `The adapter's /health is ${status.health}; a review would fail. Make it ready, then submit.`;
  }
  return undefined;
}

/** A version's state as its row on the App's page says it. */
function versionState(
  app: AppRow,
  version: number,
  reviewState: string | undefined,
  approved: readonly number[],
): string {
  if (version === app.published_version) return "published";
  if (app.state === "in_review" && version === app.latest_version) return "in review";
  if (approved.includes(version)) return "approved";
  if (app.published_version !== null && version < app.published_version) return "superseded";
  if (reviewState !== undefined && reviewState !== "queued" && reviewState !== "running")
    return `review ${reviewState}`;
  if (version === app.latest_version) return "draft";
  return "never published";
}

/** The App's versions, newest first, each with its state, its newest review and what changed since the one before. */
function toVersionItems(
  app: AppRow,
  versions: readonly { version: number; manifest: string; created_at: string }[],
  reviews: readonly { id: number; version: number; state: string }[],
  approved: readonly number[],
) {
  return versions.map((row, index) => {
    const previous = versions[index + 1];
    const review = reviews.find((item) => item.version === row.version);
    const changes =
      previous === undefined ? [] : describeManifestChanges(JSON.parse(previous.manifest), JSON.parse(row.manifest));
    return {
      version: row.version,
      created: row.created_at,
      state: versionState(app, row.version, review?.state, approved),
      review: review === undefined ? undefined : { id: review.id, state: review.state },
      first: previous === undefined,
      previousVersion: previous?.version,
      changes,
    };
  });
}

/**
 * D455: the Release section: Publish of the newest approved version, and the moves of existing installations, each
 * enabled or disabled with the reason beside it (D381's rule: a disabled action says why).
 */
function toRelease(
  app: AppRow,
  approved: number | undefined,
  counts: InstallationVersionCounts,
  extras: AppPageExtras,
) {
  const published = app.published_version;
  const publishReason =
    app.state === "in_review"
      ? `Version ${app.latest_version} is in review; publish once it has passed.`
      : approved !== undefined
        ? undefined
        : published === app.latest_version
          ? `Version ${published} is published and nothing newer has passed a review.`
          : `No version newer than ${published === null ? "none" : `the published ${published}`} has passed a review: submit version ${app.latest_version} for review first.`;
  const upgradeReason =
    published === null
      ? "Publish a version first: installations move to the published version."
      : counts.older === 0
        ? `Every installation is on version ${published} or newer already.`
        : undefined;
  const moveBackReason =
    published === null || counts.movedHere === 0
      ? `No installation was moved to ${published === null ? "a published version" : `version ${published}`} by an upgrade.`
      : undefined;
  return {
    published,
    approved,
    publishReason,
    canPublish: publishReason === undefined,
    counts,
    upgradeReason,
    canUpgrade: upgradeReason === undefined,
    moveBackReason,
    canMoveBack: moveBackReason === undefined,
    releaseError: extras.releaseError,
    upgradeError: extras.upgradeError,
    upgradeValue: extras.upgradeValue ?? "",
  };
}
