import type { AppRow } from "../../apps/app-tables.ts";
import { describeGap, type FixtureCredentialGap } from "../../reviews/fixture-credential-gaps.ts";

/**
 * D590: whether the service has seen the adapter check signatures with the App's current secret: a review's
 * `security.unsigned-rejected` passed, or the signing check, since the secret was last rotated.
 */
export function signingVerified(row: Pick<AppRow, "signing_verified_at" | "signing_secret_created_at">): boolean {
  return row.signing_verified_at !== null && row.signing_verified_at >= row.signing_secret_created_at;
}

/**
 * D391, D590: the getting-started steps of an App, each "done" only on what the service has seen done (a signature
 * checked, fixtures stored that carry the latest version's required credentials, a review passed), with the reason
 * beside a step still to do.
 */
export function toChecklist(
  app: Pick<AppRow, "published_version">,
  seen: { signing: boolean; fixtures: readonly FixtureCredentialGap[] | undefined; reviewPassed: boolean },
) {
  const fixturesWhy =
    seen.fixtures === undefined
      ? "no fixtures file is stored"
      : `the fixtures lack required credential ${seen.fixtures.map(describeGap).join(", ")}`;
  const published = app.published_version !== null;
  return [
    {
      label: "Set the signing secret on the adapter",
      done: seen.signing,
      href: "#secret-heading",
      why: "no signed call has been seen checked yet: set the secret, then Check the signing secret",
    },
    {
      label: "Upload the conformance fixtures",
      done: seen.fixtures !== undefined && seen.fixtures.length === 0,
      href: "#fixtures-heading",
      why: fixturesWhy,
    },
    {
      label: "Pass a review",
      done: seen.reviewPassed || published,
      href: "#review-heading",
      why: "no review passed yet",
    },
    { label: "Publish a version", done: published, href: "#release-heading", why: "no version is published" },
  ];
}
