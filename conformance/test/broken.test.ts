import { describe, expect, it } from "vitest";
import { referenceFixtures } from "./broken/behaviour-run.ts";
import { BROKEN_ADAPTERS } from "./broken/index.ts";
import { parseErrorEchoed } from "./broken/parse-error-echoed.ts";
import { secretPrefixInError } from "./broken/secret-prefix-in-error.ts";
import { failedChecks, failureDigest, runAgainst } from "./run-against.ts";

/** Every run of eight characters of the reference fixtures' credential values (URLs aside). */
function credentialFragments(): string[] {
  const { good, bad, other } = referenceFixtures().credentials as Record<string, Record<string, string>>;
  const values = [good, bad, other].flatMap((set) => Object.values(set ?? {})).filter((value) => !value.includes("{{"));
  return values.flatMap((value) => Array.from({ length: value.length - 7 }, (_, at) => value.slice(at, at + 8)));
}

describe("the runner against the reference and the deliberately broken adapters", () => {
  it("fails no check of the reference adapter", async () => {
    const report = await runAgainst();
    expect(failureDigest(report)).toEqual({});
    expect(report.result).toBe("passed");
  });

  it.each(BROKEN_ADAPTERS.map((broken) => [broken.fault, broken] as const))("catches %s", async (_fault, broken) => {
    const report = await runAgainst(broken.adapter, broken.run);
    expect(Object.keys(failureDigest(report)).sort()).toEqual([...broken.caughtBy].sort());
    expect(failedChecks(report)).toEqual([...broken.caughtBy].sort());
  });

  it.each(
    [parseErrorEchoed, secretPrefixInError].map((broken) => [broken.fault, broken] as const),
  )("shows no eight characters of a credential in the failures of %s", async (_fault, broken) => {
    const report = await runAgainst(broken.adapter, broken.run);
    const failures = JSON.stringify(report.checks.flatMap((check) => check.failures));
    expect(failures).toContain("[REDACTED]");
    expect(credentialFragments().filter((fragment) => failures.includes(fragment))).toEqual([]);
  });
});
