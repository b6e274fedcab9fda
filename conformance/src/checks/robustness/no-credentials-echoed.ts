import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { hasGoodCredentials } from "../shared/valid-bodies.ts";
import { failureRequest, malformedRequests, sendBadRequests, wrongTypeRequests } from "./bad-requests.ts";

/** Values short enough to occur by chance, and addresses, are not treated as secrets. */
const MIN_SECRET_LENGTH = 6;

/** No answer to a bad request repeats a credential value the request carried. */
export const noCredentialsEchoed: ConformanceCheck = {
  id: "robustness.no-credentials-echoed",
  group: "robustness",
  level: "required",
  rationale:
    "STYLE 8: errors never leak a secret to the caller; credentials arrive on every request (SPEC Authentication 6).",
  appliesWhen: (_manifest, ctx) => hasGoodCredentials(ctx) || "the fixtures give no credentials.good",
  run: async (ctx) => {
    const secrets = secretValues(ctx);
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
    return outcomeOf(
      answers.flatMap((answer) => {
        const leaked = secrets.filter((secret) => answer.text.includes(secret));
        if (leaked.length === 0) return [];
        return [
          ctx.failure({
            ...failureRequest(answer.request),
            message: `the answer to ${answer.request.what} repeats ${leaked.length} credential value(s)`,
            expected: "no credential value in the answer",
            actual: ctx.redact(answer.text),
          }),
        ];
      }),
    );
  },
};

function secretValues(ctx: ConformanceContext): string[] {
  const { good, bad } = ctx.fixtures.credentials;
  const values = [...Object.values(ctx.render(good)), ...Object.values(ctx.render(bad))];
  return [
    ...new Set(
      values.filter(
        (value): value is string =>
          typeof value === "string" && value.length >= MIN_SECRET_LENGTH && !/^https?:\/\//.test(value),
      ),
    ),
  ];
}
