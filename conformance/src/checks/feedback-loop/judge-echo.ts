import type { CheckOutcome } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { type EchoKind, type EchoPlace, sendEcho } from "./send-echo.ts";

/**
 * Sends one echo through the feedback loop and passes when it parses with `is_bot` true for the bot's own echo and
 * false for a person's; `complaint` says what went wrong otherwise.
 */
export async function judgeEcho(
  ctx: ConformanceContext,
  kind: EchoKind,
  complaint: string,
  where: EchoPlace = {},
): Promise<CheckOutcome> {
  const sent = await sendEcho(ctx, kind, where);
  if (!sent.ok) return failed([sent.failure]);
  const { message, parsed } = sent.echo;
  const expected = kind === "bot";
  if (message.is_bot === expected) return passed();
  return failed([
    checkFailure(ctx, parsed.call, {
      message: complaint,
      pointer: "/is_bot",
      expected: String(expected),
      actual: show(message.is_bot),
    }),
  ]);
}
