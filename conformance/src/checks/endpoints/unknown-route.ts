import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { excerpt } from "../shared/labels.ts";
import { isJsonContentType, rawRequest } from "../shared/raw-request.ts";

/** A route the adapter does not serve answers 404 with a JSON body. */
export const unknownRoute: ConformanceCheck = {
  id: "endpoints.unknown-route-404",
  group: "endpoints",
  level: "required",
  rationale:
    "contract.md#endpoints: all responses are JSON; D8: an unknown route is a 404 not_found error, not a page or a 200.",
  appliesWhen: () => true,
  run: async (ctx) => {
    const path = `/conformance-no-such-route-${ctx.nonce()}`;
    const failures: CheckFailure[] = [];
    for (const method of ["GET", "POST"] as const) {
      const answer = await rawRequest(ctx, { method, path, ...(method === "POST" ? { body: "{}" } : {}) });
      const fail = (message: string, expected: string, actual: string) =>
        failures.push(
          ctx.failure({
            endpoint: `${method} ${path}`,
            message,
            expected,
            actual,
            request: method === "POST" ? { body: {} } : {},
          }),
        );
      if (!answer.ok) {
        fail(`${method} ${path} got no answer`, "404 with a JSON body", answer.error);
        continue;
      }
      if (answer.status !== 404)
        fail(
          `${method} on an unknown route answered ${answer.status}`,
          "404",
          `${answer.status} ${excerpt(answer.text)}`,
        );
      else if (!isJsonContentType(answer.headers["content-type"]) || answer.json === undefined) {
        fail(
          `${method} on an unknown route answered 404 without a JSON body`,
          "Content-Type: application/json and a JSON body",
          `${answer.headers["content-type"] ?? "(no content type)"} ${excerpt(answer.text)}`,
        );
      }
    }
    return outcomeOf(failures);
  },
};
