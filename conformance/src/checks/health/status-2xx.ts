import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { excerpt } from "../shared/labels.ts";
import { pollHealth } from "./poll-health.ts";

/** GET /health answers with a 2xx status. */
export const healthStatus2xx: ConformanceCheck = {
  id: "health.http-2xx",
  group: "health",
  level: "required",
  rationale: "contract.md#portal-verify: the portal's Verify action requires an HTTP 2xx status.",
  appliesWhen: () => true,
  run: async (ctx) => {
    const poll = await pollHealth(ctx);
    if (poll.answered && poll.status >= 200 && poll.status < 300) return passed();
    return failed([
      ctx.failure({
        endpoint: "GET /health",
        message: poll.answered ? `GET /health answered ${poll.status}` : `GET /health got no answer: ${poll.error}`,
        expected: "a 2xx status",
        actual: poll.answered ? `${poll.status} ${excerpt(poll.text)}` : poll.error,
        request: {},
      }),
    ]);
  },
};
