import type { CheckGroup, CheckLevel } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { requiresPosts } from "../shared/required-posts.ts";
import type { BadRequest } from "./bad-request.ts";
import { failureRequest } from "./failure-request.ts";
import { refusalProblem } from "./refusal-problem.ts";
import { sendBadRequests } from "./send-bad-requests.ts";

/** A robustness check that sends one kind of bad request to every required endpoint and wants a 4xx D8 refusal. */
export function refusalCheck(spec: {
  id: string;
  rationale: string;
  requests: (ctx: ConformanceContext) => BadRequest[];
}): ConformanceCheck {
  return {
    id: spec.id,
    group: "robustness" satisfies CheckGroup,
    level: "required" satisfies CheckLevel,
    rationale: spec.rationale,
    appliesWhen: requiresPosts,
    run: async (ctx) => {
      const answers = await sendBadRequests(ctx, spec.requests(ctx));
      return outcomeOf(
        answers.flatMap((answer) => {
          const problem = refusalProblem(answer);
          return problem === undefined ? [] : [ctx.failure({ ...failureRequest(answer.request), ...problem })];
        }),
      );
    },
  };
}
