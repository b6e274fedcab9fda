import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { createSecretMatcher, isSecretValue } from "../../runner/secret-matcher.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { STACK_TRACE } from "../robustness/no-stack-traces.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { excerpt } from "../shared/labels.ts";
import { deliverAgainstFailure } from "./deliver-against-failure.ts";
import { sends } from "./deliver-text.ts";

/** Platform failures whose answers must leak nothing: a server error and a refusal. */
const PLATFORM_FAILURES = [
  { status: 500, body: { error: "internal_error (adapterkit conformance)" } },
  { status: 403, body: { error: "forbidden (adapterkit conformance)" } },
];

/**
 * The answer to a delivery the platform failed carries no credential value (nor eight characters of one) and no
 * stack trace: the robustness checks cover the bad-input path, this one the platform-error path.
 */
export const errorsLeakNothing: ConformanceCheck = {
  id: "deliver.errors-leak-nothing",
  group: "deliver",
  level: "required",
  rationale:
    "STYLE 8: an answer to a platform failure carries no credential and no stack trace, as on the bad-input path (contract.md#credentials-in-body).",
  appliesWhen: sends,
  async run(ctx) {
    const failures: CheckFailure[] = [];
    for (const failure of PLATFORM_FAILURES) {
      const armed = await deliverAgainstFailure(ctx, failure);
      if (!armed.ok) return armed.outcome;
      const { call, result } = armed.delivered;
      const text = result.ok ? JSON.stringify(result.value) : "text" in result.error ? result.error.text : "";
      const leak = leakIn(ctx, text);
      if (leak !== undefined) {
        failures.push(
          checkFailure(ctx, call, {
            message: `the answer to a platform ${failure.status} carries ${leak}`,
            expected: "an error without credentials or stack frames",
            actual: ctx.redact(excerpt(text, 240)),
          }),
        );
      }
    }
    return outcomeOf(failures);
  },
};

function leakIn(ctx: ConformanceContext, text: string): string | undefined {
  const secrets = createSecretMatcher();
  for (const value of Object.values(goodCredentials(ctx))) {
    if (typeof value === "string" && isSecretValue(value)) secrets.add(value);
  }
  if (secrets.spans(text).length > 0) return "a credential value or part of one";
  return STACK_TRACE.some((pattern) => pattern.test(text)) ? "a stack trace" : undefined;
}
