import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { createSecretMatcher, isSecretValue } from "../../runner/secret-matcher.ts";
import { requiresPosts } from "../shared/required-posts.ts";
import { hasGoodCredentials } from "../shared/valid-bodies.ts";
import { failureRequest } from "./failure-request.ts";
import { malformedRequests } from "./malformed-requests.ts";
import { replaceValues, standInsFor } from "./replace-values.ts";
import { sendBadRequests } from "./send-bad-requests.ts";
import { wrongTypeRequests } from "./wrong-type-requests.ts";

/**
 * No answer to a bad request repeats a credential value the request carried, or eight characters of one in a row.
 * A match counts only when it is the request's: sent again with random stand-ins for the values, the answer no
 * longer holds it (a bad secret that reads "not a Standard Webhooks key" shares words with honest error messages).
 */
export const noCredentialsEchoed: ConformanceCheck = {
  id: "robustness.no-credentials-echoed",
  group: "robustness",
  level: "required",
  rationale:
    "STYLE 8: errors never leak a secret to the caller; credentials arrive on every request (contract.md#credentials-in-body).",
  appliesWhen: (manifest, ctx) => {
    const posts = requiresPosts(manifest);
    if (posts !== true) return posts;
    return hasGoodCredentials(ctx) || "the fixtures give no credentials.good";
  },
  run: async (ctx) => {
    const values = credentialValues(ctx);
    const secrets = createSecretMatcher();
    for (const value of values) secrets.add(value);
    const verifyBad = ctx.manifest.credentials?.length
      ? [
          {
            endpoint: "verify" as const,
            body: { credentials: ctx.render(ctx.fixtures.credentials.bad) },
            what: "bad credentials",
          },
        ]
      : [];
    const answers = await sendBadRequests(ctx, [
      ...wrongTypeRequests(ctx, true),
      ...malformedRequests(ctx),
      ...verifyBad,
    ]);
    const suspects = answers.filter((answer) => secrets.spans(answer.text).length > 0);
    const standIns = standInsFor(values);
    const controls = await sendBadRequests(
      ctx,
      suspects.map((answer) => replaceValues(answer.request, standIns)),
    );
    return outcomeOf(
      suspects.flatMap((answer, index) => {
        const control = controls[index]?.text ?? "";
        const leaked = secrets
          .spans(answer.text)
          .filter(([start, end]) => !control.includes(answer.text.slice(start, end)));
        if (leaked.length === 0) return [];
        return [
          ctx.failure({
            ...failureRequest(answer.request),
            message: `the answer to ${answer.request.what} repeats ${leaked.length} credential value(s) or part(s) of one`,
            expected: "no credential value, and no eight characters of one in a row, in the answer",
            actual: ctx.redact(answer.text),
          }),
        ];
      }),
    );
  },
};

/** The good and bad credential values that count as secrets (what the bad requests carry). */
function credentialValues(ctx: ConformanceContext): string[] {
  const { good, bad } = ctx.fixtures.credentials;
  return [...Object.values(ctx.render(good)), ...Object.values(ctx.render(bad))].filter(
    (value): value is string => typeof value === "string" && isSecretValue(value),
  );
}
