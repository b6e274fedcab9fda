import type { ConformanceCheck } from "../../context.ts";
import { judgeEchoesIn } from "./echo-everywhere.ts";
import { sendsAndReceives } from "./send-echo.ts";

/** The feedback loop holds for a message delivered into a thread as for one at the top level. */
export const threadEcho: ConformanceCheck = {
  id: "feedback-loop.thread-echo",
  group: "feedback-loop",
  level: "required",
  rationale:
    "A reply delivered into a thread echoes back from that thread: is_bot holds there as at the top level (contract.md#is-bot-rule, D5).",
  appliesWhen: sendsAndReceives,
  run: (ctx) => judgeEchoesIn(ctx, { thread: true }, "in a thread"),
};
