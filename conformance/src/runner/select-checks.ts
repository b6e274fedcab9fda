import type { CheckGroup } from "../check.ts";
import type { ConformanceCheck } from "../context.ts";
import type { ConformanceProfile } from "../report/conformance-profiles.ts";
import { ConformanceUsageError } from "./usage-error.ts";

/** A check and, when it will not run, why. */
export interface Selection {
  readonly check: ConformanceCheck;
  readonly skipReason: string | undefined;
}

/**
 * Decides which checks run: `only` and `skip` name check ids or groups, `level: "required"` leaves recommended
 * checks out, slow checks run in the `review` profile or when `only` names them by id. Checks left out stay in the report as `skipped`, with the reason.
 * @throws ConformanceUsageError for a name that is neither a check id nor a group.
 */
export function selectChecks(
  checks: readonly ConformanceCheck[],
  options: {
    only: readonly string[];
    skip: readonly string[];
    level: "required" | "all";
    profile?: ConformanceProfile;
  },
): Selection[] {
  const known = new Set<string>([...checks.map((check) => check.id), ...checks.map((check) => check.group)]);
  for (const name of [...options.only, ...options.skip]) {
    if (!known.has(name)) throw new ConformanceUsageError(`no check or group is named ${name}`);
  }
  const names = (check: ConformanceCheck) => [check.id, check.group as CheckGroup | string];
  return checks.map((check) => {
    if (options.only.length > 0 && !names(check).some((name) => options.only.includes(name))) {
      return { check, skipReason: "not selected by --only" };
    }
    if (names(check).some((name) => options.skip.includes(name))) return { check, skipReason: "left out by --skip" };
    if (check.slow === true && options.profile !== "review" && !options.only.includes(check.id)) {
      return { check, skipReason: "slow (waits up to a D11 time-out): run --profile review, or name it in --only" };
    }
    if (options.level === "required" && check.level !== "required")
      return { check, skipReason: "recommended check; --level required" };
    return { check, skipReason: undefined };
  });
}
