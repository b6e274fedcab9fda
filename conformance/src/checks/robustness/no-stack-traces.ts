import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { excerpt } from "../shared/labels.ts";
import { requiresPosts } from "../shared/required-posts.ts";
import { failureRequest } from "./failure-request.ts";
import { malformedRequests } from "./malformed-requests.ts";
import { missingFieldRequests } from "./missing-field-requests.ts";
import { sendBadRequests } from "./send-bad-requests.ts";
import { wrongTypeRequests } from "./wrong-type-requests.ts";

/** Text that only a stack trace contains (Node, Python, JVM and Go shapes). */
export const STACK_TRACE: readonly RegExp[] = [
  /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s()]*:\d+:\d+\)?/,
  /Traceback \(most recent call last\)/,
  /\bat [\w$.]+\([\w$]+\.java:\d+\)/,
  /goroutine \d+ \[running\]/,
  /node:internal\//,
];

/** No error answer carries a stack trace (it leaks code layout and sometimes secrets). */
export const noStackTraces: ConformanceCheck = {
  id: "robustness.no-stack-traces",
  group: "robustness",
  level: "required",
  rationale: "STYLE 8: unknown errors are wrapped and logged, never leaking a stack trace to the caller.",
  appliesWhen: requiresPosts,
  run: async (ctx) => {
    const answers = await sendBadRequests(ctx, [
      ...malformedRequests(ctx),
      ...missingFieldRequests(ctx),
      ...wrongTypeRequests(ctx),
    ]);
    return outcomeOf(
      answers.flatMap((answer) => {
        const pattern = STACK_TRACE.find((candidate) => candidate.test(answer.text));
        if (pattern === undefined) return [];
        const at = answer.text.search(pattern);
        return [
          ctx.failure({
            ...failureRequest(answer.request),
            message: `the answer to ${answer.request.what} carries a stack trace`,
            expected: "an error message without stack frames",
            actual: excerpt(answer.text.slice(Math.max(0, at - 40)), 240),
          }),
        ];
      }),
    );
  },
};
