import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { excerpt, label } from "../shared/labels.ts";
import { requiredPosts, requiresPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

/** Statuses that mean "there is no handler here". */
const MISSING = new Set([404, 405, 501]);

/** Every endpoint the manifest makes required answers a well-formed call with something other than 501/404/405. */
export const requiredImplemented: ConformanceCheck = {
  id: "endpoints.required-implemented",
  group: "endpoints",
  level: "required",
  rationale:
    "contract.md#channel-apps: channel apps implement /verify-webhook, /parse-inbound, /deliver and /format, not left as 501 stubs (D9a).",
  appliesWhen: requiresPosts,
  run: async (ctx) => {
    const failures: CheckFailure[] = [];
    await Promise.all(
      requiredPosts(ctx.manifest).map(async (endpoint) => {
        const body = validBody(ctx, endpoint.id);
        const result = await ctx.client.call(endpoint.id, body);
        const status = result.response?.status;
        if (status !== undefined && !MISSING.has(status)) return;
        failures.push(
          ctx.failure({
            endpoint: label(endpoint.id),
            message:
              status === undefined
                ? `${label(endpoint.id)} did not answer`
                : `${label(endpoint.id)} answered ${status}: the endpoint is required and not implemented`,
            expected: "any answer but 501, 404 or 405",
            actual: result.response === null ? "no response" : `${status} ${excerpt(result.response.text)}`,
            request: { body },
          }),
        );
      }),
    );
    return outcomeOf(failures);
  },
};
