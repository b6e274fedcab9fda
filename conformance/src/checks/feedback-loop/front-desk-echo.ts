import type { ConformanceCheck } from "../../context.ts";
import { judgeEchoesIn } from "./echo-everywhere.ts";
import { sendsAndReceives } from "./send-echo.ts";

/** The feedback loop holds in front-desk mode too: the front desk answers whatever reaches it, its own echo included. */
export const frontDeskEcho: ConformanceCheck = {
  id: "feedback-loop.front-desk-echo",
  group: "feedback-loop",
  level: "required",
  rationale:
    "The front desk answers whatever reaches it, so is_bot holds in front_desk mode as in trigger mode, or the bot answers itself forever (contract.md#is-bot-rule).",
  appliesWhen: sendsAndReceives,
  run: (ctx) => judgeEchoesIn(ctx, { mode: "front_desk" }, "in front_desk mode"),
};
