import type { CheckFailure, CheckOutcome } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { judgeEcho } from "./judge-echo.ts";
import type { EchoPlace } from "./send-echo.ts";

/**
 * Both echoes in one place: the bot's own must parse with `is_bot: true` and a person's with `false` (an adapter
 * that calls everyone a bot there would pass the first alone, and the front desk would answer no one).
 */
export async function judgeEchoesIn(ctx: ConformanceContext, where: EchoPlace, place: string): Promise<CheckOutcome> {
  const outcomes = await Promise.all([
    judgeEcho(ctx, "bot", `the echo of the adapter's own delivery ${place} parsed with is_bot false`, where),
    judgeEcho(ctx, "person", `a person's message ${place} parsed with is_bot true`, where),
  ]);
  return outcomeOf(outcomes.flatMap((outcome): readonly CheckFailure[] => outcome.failures ?? []));
}
