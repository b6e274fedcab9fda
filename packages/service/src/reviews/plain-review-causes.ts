import type { Fixtures } from "@adapterkit/conformance";
import type { Manifest, ReviewCause, ReviewGroup } from "@adapterkit/contract";
import { describeGap, fixtureCredentialGaps } from "./fixture-credential-gaps.ts";

/** Whether a failure is a signed-call probe that was answered 200 where 401 was expected. */
const acceptedUnsigned = (failure: { expected?: string | undefined; actual?: string | undefined }) =>
  (failure.expected ?? "").startsWith("401") && /^2\d\d\b/.test(failure.actual ?? "");

/**
 * The plain causes of a failed review: an adapter that accepts calls without a valid signature (its `security.*`
 * probes answered 2xx, so it runs without `ADAPTER_SIGNING_SECRET`), and required credentials of the reviewed
 * version that the stored fixtures do not carry (every check calling the adapter with them fails for that reason).
 */
export function plainReviewCauses(
  groups: readonly ReviewGroup[],
  context: { readonly manifest: Pick<Manifest, "credentials"> | undefined; readonly fixtures: Fixtures | undefined },
): ReviewCause[] {
  const failed = groups.flatMap((group) => group.checks.filter((check) => check.status === "failed"));
  if (failed.length === 0) return [];
  const causes: ReviewCause[] = [];
  const unsigned = failed.filter((check) => check.id.startsWith("security.") && check.failures.some(acceptedUnsigned));
  if (unsigned.length > 0) {
    causes.push({
      cause:
        "Your adapter accepts unsigned calls: set ADAPTER_SIGNING_SECRET to the App's signing secret " +
        `(the App's page shows it) and deploy again. ${unsigned.length} security check(s) expected 401 and got a 2xx.`,
      checks: unsigned.map((check) => check.id),
    });
  }
  if (context.manifest !== undefined && context.fixtures !== undefined) {
    const gaps = fixtureCredentialGaps(context.manifest, context.fixtures);
    if (gaps.length > 0) {
      const others = failed.filter((check) => !unsigned.includes(check)).map((check) => check.id);
      causes.push({
        cause:
          `The fixtures lack required credential ${gaps.map(describeGap).join(", ")}: add ` +
          `${gaps.map((gap) => `credentials.good.${gap.field}`).join(", ")} to the fixtures file and upload it again. ` +
          `Checks that call the adapter with credentials fail until then (${others.length} failed here).`,
        checks: others,
      });
    }
  }
  return causes;
}
